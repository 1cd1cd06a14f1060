// an unknown hash is null
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockTransactionCountByHash","params":["0xdededededededededededededededededededededededededededededededede"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
