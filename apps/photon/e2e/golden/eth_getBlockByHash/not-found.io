// an unknown hash is null
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockByHash","params":["0xdededededededededededededededededededededededededededededededede",false]}
<< {"jsonrpc":"2.0","id":1,"result":null}
