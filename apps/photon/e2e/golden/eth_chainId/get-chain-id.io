// the EIP-155 chain id
>> {"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0x2328"}
