// a to address of 1 byte is an invalid param
>> {"jsonrpc":"2.0","id":1,"method":"eth_createAccessList","params":[{"to":"0x12"}]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: to: hex string has length 2, want 40 for common.Address"}}
