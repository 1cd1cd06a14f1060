// a block above the head is null
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBlockReceipts","params":["0x3e8"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
