// the nonce at block 2
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionCount","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","0x2"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x1"}
