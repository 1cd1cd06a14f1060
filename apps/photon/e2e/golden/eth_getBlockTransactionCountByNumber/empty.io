// block 5 is empty
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockTransactionCountByNumber","params":["0x5"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0"}
