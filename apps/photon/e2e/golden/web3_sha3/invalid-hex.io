// data that is not 0x-hex is an invalid param
>> {"jsonrpc":"2.0","id":1,"method":"web3_sha3","params":["hello"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string without 0x prefix"}}
