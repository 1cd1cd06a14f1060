// counts the pending tx of dev 2
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionCount","params":["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC","pending"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x1"}
