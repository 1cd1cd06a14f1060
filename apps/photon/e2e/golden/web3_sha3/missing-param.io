// the data param is required
>> {"jsonrpc":"2.0","id":1,"method":"web3_sha3","params":[]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"missing value for required argument 0"}}
