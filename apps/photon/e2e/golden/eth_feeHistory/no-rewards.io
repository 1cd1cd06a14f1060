// a range ending at an old block, no percentiles
>> {"jsonrpc":"2.0","id":1,"method":"eth_feeHistory","params":["0x3","0x4",[]]}
<< {"jsonrpc":"2.0","id":1,"result":{"oldestBlock":"0x2","baseFeePerGas":["0x2da282a8","0x28383c08","0x2337cfe7","0x1ed4979a"],"gasUsedRatio":[0.0201661,0.0025667333333333335,0.0008136333333333333]}}
