// bytes that are no tx
>> {"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["0x1234"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"invalid transaction: unsupported transaction type"}}
