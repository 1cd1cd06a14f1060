// a hash of 2 bytes is an invalid param
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionByHash","params":["0x1234"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string has length 4, want 64 for common.Hash"}}
