// an address of 2 bytes is an invalid param
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["0x1234","latest"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string has length 4, want 40 for common.Address"}}
