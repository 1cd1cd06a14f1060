// a method Photon knows of and does not serve
>> {"jsonrpc":"2.0","id":1,"method":"debug_getBlockRlp","params":[1]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method debug_getBlockRlp does not exist/is not available"}}
