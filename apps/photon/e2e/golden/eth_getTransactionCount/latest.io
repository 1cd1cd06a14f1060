// the nonce of dev 0 after two txs
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionCount","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","latest"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x2"}
