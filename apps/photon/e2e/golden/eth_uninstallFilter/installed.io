// true once, false after
>> {"jsonrpc":"2.0","id":1,"method":"eth_newBlockFilter","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0xf11e1"}
>> {"jsonrpc":"2.0","id":2,"method":"eth_uninstallFilter","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":2,"result":true}
>> {"jsonrpc":"2.0","id":3,"method":"eth_uninstallFilter","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":3,"result":false}
>> {"jsonrpc":"2.0","id":4,"method":"eth_getFilterChanges","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32000,"message":"filter not found"}}
