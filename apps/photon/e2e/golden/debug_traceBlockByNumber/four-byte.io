// the selectors called in the token transfer’s block
>> {"jsonrpc":"2.0","id":1,"method":"debug_traceBlockByNumber","params":["0x3",{"tracer":"4byteTracer"}]}
<< {"jsonrpc":"2.0","id":1,"result":[{"txHash":"0x250781e7a225e424081a16d64f4b133add5f0df5eb7324ed9a5d4f85f3f27994","result":{}},{"txHash":"0xb9e6198e1dfa7403d9f31d011ff0565d474e8fbcf5265fac74e8846dc1c3424f","result":{"0xa9059cbb-64":1}}]}
