// block 0
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x0",false]}
<< {"jsonrpc":"2.0","id":1,"result":null}
