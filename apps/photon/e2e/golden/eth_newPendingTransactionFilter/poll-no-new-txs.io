// no tx came since the filter was made
>> {"jsonrpc":"2.0","id":1,"method":"eth_newPendingTransactionFilter","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0xf11e1"}
>> {"jsonrpc":"2.0","id":2,"method":"eth_getFilterChanges","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":2,"result":[]}
