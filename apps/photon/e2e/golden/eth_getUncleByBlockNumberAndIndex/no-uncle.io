// CometBFT has no uncles
>> {"jsonrpc":"2.0","id":1,"method":"eth_getUncleByBlockNumberAndIndex","params":["0x2","0x0"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
