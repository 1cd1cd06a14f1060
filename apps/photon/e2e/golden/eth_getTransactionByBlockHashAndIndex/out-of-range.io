// an index past the last tx is null
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionByBlockHashAndIndex","params":["0x8d84deefbdd25442a3968e1be317630849f9ef8ca15a1a1bea558c88b02df29b","0x5"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
