// an account never touched has 0
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A","latest"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0"}
