// block 3 holds two txs
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockTransactionCountByNumber","params":["0x3"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x2"}
