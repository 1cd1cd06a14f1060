// a block hash that is not on the chain
>> {"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"blockHash":"0xdededededededededededededededededededededededededededededededede"}]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"unknown block"}}
