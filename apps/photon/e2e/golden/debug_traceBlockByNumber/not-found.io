// a block above the head
>> {"jsonrpc":"2.0","id":1,"method":"debug_traceBlockByNumber","params":["0x3e8",{"tracer":"callTracer"}]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"block #1000 not found"}}
