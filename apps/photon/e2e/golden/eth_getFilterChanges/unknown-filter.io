// a filter id never made
>> {"jsonrpc":"2.0","id":1,"method":"eth_getFilterChanges","params":["0xabc"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"filter not found"}}
