// a slot never written is zero
>> {"jsonrpc":"2.0","id":1,"method":"eth_getStorageAt","params":["0x5FbDB2315678afecb367f032d93F642f64180aa3","0x99","latest"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0000000000000000000000000000000000000000000000000000000000000000"}
