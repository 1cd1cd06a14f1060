// the protocol version
>> {"jsonrpc":"2.0","id":1,"method":"eth_protocolVersion","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0x41"}
