// the network id: the EIP-155 chain id in decimal
>> {"jsonrpc":"2.0","id":1,"method":"net_version","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"9000"}
