// an unknown tag is an invalid param
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["newest",false]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string without 0x prefix"}}
