// the keystore holds no key of the signer
>> {"jsonrpc":"2.0","id":1,"method":"eth_sign","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","0xdeadbeef"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"unknown account"}}
