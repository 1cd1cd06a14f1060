// an index past the last tx is null
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionByBlockHashAndIndex","params":["0x6e32f8bca115702bb898e8fe033cbdb2486e25e25674d7bc2b184430c1c0f8e1","0x5"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
