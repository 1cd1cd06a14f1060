// the validator's account
>> {"jsonrpc":"2.0","id":1,"method":"eth_coinbase","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"}
