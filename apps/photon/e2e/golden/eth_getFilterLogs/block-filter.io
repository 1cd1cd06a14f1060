// a block filter has no logs to list
>> {"jsonrpc":"2.0","id":1,"method":"eth_newBlockFilter","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0xf11e1"}
>> {"jsonrpc":"2.0","id":2,"method":"eth_getFilterLogs","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"filter not found"}}
