// four blocks up to the head, with reward percentiles
>> {"jsonrpc":"2.0","id":1,"method":"eth_feeHistory","params":["0x4","latest",[25,75]]}
<< {"jsonrpc":"2.0","id":1,"result":{"oldestBlock":"0x2","baseFeePerGas":["0x2da282a8","0x28383c08","0x2337cfe7","0x1ed4979a","0x1afa04a7"],"gasUsedRatio":[0.0201661,0.0025667333333333335,0.0008136333333333333,0],"reward":[["0x3b9aca00","0x3b9aca00"],["0x3b9aca00","0x17203eabf8"],["0x3b9aca00","0x3b9aca00"],["0x0","0x0"]]}}
