// CometBFT does not mine
>> {"jsonrpc":"2.0","id":1,"method":"eth_mining","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":false}
