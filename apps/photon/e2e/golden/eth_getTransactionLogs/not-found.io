// an unknown hash
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionLogs","params":["0xdededededededededededededededededededededededededededededededede"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
