// the storage keys must be a list
>> {"jsonrpc":"2.0","id":1,"method":"eth_getProof","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","0x0","latest"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: json: cannot unmarshal string into Go value of type []string"}}
