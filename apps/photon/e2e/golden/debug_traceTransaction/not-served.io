// a method Photon knows of and does not serve
>> {"jsonrpc":"2.0","id":1,"method":"debug_traceTransaction","params":["0x4cc428b040cd86eb6a191c21918ae625e3b4f53da6fe189ab7380bc8a35c21c5"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method debug_traceTransaction does not exist/is not available"}}
