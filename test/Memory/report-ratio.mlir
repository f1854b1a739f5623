// The planned peak stays within 5% of the lower bound (persistent bytes +
// the most arena bytes live at one program point) on the steps of small
// models, for every planned function (forward function and @train_step).
// RUN: echo-opt %S/Inputs/mlp.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.mlp.json
// RUN: python3 %S/Inputs/check_report.py %t.mlp.json --max-ratio 1.05
// RUN: echo-opt %S/Inputs/cnn.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.cnn.json
// RUN: python3 %S/Inputs/check_report.py %t.cnn.json --max-ratio 1.05
// RUN: echo-opt %S/Inputs/residual.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.res.json
// RUN: python3 %S/Inputs/check_report.py %t.res.json --max-ratio 1.05
// RUN: echo-opt %S/Inputs/lstm_cell.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.lstm.json
// RUN: python3 %S/Inputs/check_report.py %t.lstm.json --max-ratio 1.05
// RUN: echo-opt %S/Inputs/attention.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.att.json
// RUN: python3 %S/Inputs/check_report.py %t.att.json --max-ratio 1.05
