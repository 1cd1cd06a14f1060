// the token's first storage slot
>> {"jsonrpc":"2.0","id":1,"method":"eth_getStorageAt","params":["0x5FbDB2315678afecb367f032d93F642f64180aa3","0x0","latest"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x50686f746f6e000000000000000000000000000000000000000000000000000c"}
