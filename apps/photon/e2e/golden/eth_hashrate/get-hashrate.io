// no proof of work
>> {"jsonrpc":"2.0","id":1,"method":"eth_hashrate","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0"}
