// a method that does not exist
>> {"jsonrpc":"2.0","id":1,"method":"eth_noSuchMethod","params":[]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method eth_noSuchMethod does not exist/is not available"}}
