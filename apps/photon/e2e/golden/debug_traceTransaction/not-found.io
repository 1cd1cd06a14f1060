// an unknown hash
>> {"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":["0xdededededededededededededededededededededededededededededededede"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"transaction not found"}}
