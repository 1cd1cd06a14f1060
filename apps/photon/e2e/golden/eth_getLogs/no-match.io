// a range without logs
>> {"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"fromBlock":"0x4","toBlock":"0x5","address":"0x5FbDB2315678afecb367f032d93F642f64180aa3"}]}
<< {"jsonrpc":"2.0","id":1,"result":[]}
