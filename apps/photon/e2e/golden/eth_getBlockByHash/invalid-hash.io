// a hash of 1 byte is an invalid param
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockByHash","params":["0x12",false]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string has length 2, want 64 for common.Hash"}}
