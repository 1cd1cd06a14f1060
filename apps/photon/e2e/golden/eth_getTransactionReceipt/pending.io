// a pending tx has no receipt
>> {"jsonrpc":"2.0","id":1,"method":"eth_getTransactionReceipt","params":["0xe2cd4d1e9cca6d260c8791c39c3040897f91e8d99fc83aa65ce8d7bfe31a32e4"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
