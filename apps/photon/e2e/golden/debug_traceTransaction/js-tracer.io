// a JavaScript tracer is refused
>> {"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":["0xb9e6198e1dfa7403d9f31d011ff0565d474e8fbcf5265fac74e8846dc1c3424f",{"tracer":"{ result: function() { return 1; }, fault: function() {} }"}]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"tracer \"{ result: function() { return 1; }, fault: function() {} }\" is not supported: JavaScript tracers are not served by this node; use callTracer, prestateTracer, 4byteTracer, noopTracer or the default struct logger"}}
