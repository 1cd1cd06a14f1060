// a log filter from genesis: the first poll returns the logs in its range
>> {"jsonrpc":"2.0","id":1,"method":"eth_newFilter","params":[{"fromBlock":"0x0","toBlock":"latest","address":"0x5FbDB2315678afecb367f032d93F642f64180aa3"}]}
<< {"jsonrpc":"2.0","id":1,"result":"0xf11e1"}
>> {"jsonrpc":"2.0","id":2,"method":"eth_getFilterChanges","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":2,"result":[]}
>> {"jsonrpc":"2.0","id":3,"method":"eth_getFilterChanges","params":["0xf11e1"]}
<< {"jsonrpc":"2.0","id":3,"result":[]}
