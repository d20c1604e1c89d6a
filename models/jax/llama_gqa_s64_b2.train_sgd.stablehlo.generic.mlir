"builtin.module"() <{sym_name = "jit_step"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {tf.aliasing_output = 1 : i32}, {tf.aliasing_output = 2 : i32}, {tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {tf.aliasing_output = 5 : i32}, {tf.aliasing_output = 6 : i32}, {tf.aliasing_output = 7 : i32}, {tf.aliasing_output = 8 : i32}, {tf.aliasing_output = 9 : i32}, {tf.aliasing_output = 10 : i32}, {tf.aliasing_output = 11 : i32}, {}, {}], function_type = (tensor<32xf32>, tensor<32xf32>, tensor<32x256xf32>, tensor<256x32xf32>, tensor<32x256xf32>, tensor<32x16xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x16xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<2x64xi32>, tensor<2x64xi32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32x256xf32>, tensor<256x32xf32>, tensor<32x256xf32>, tensor<32x16xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x16xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['Block_0']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['w1']['kernel']"}, {jax.result_info = "result[0]['Block_0']['w2']['kernel']"}, {jax.result_info = "result[0]['Block_0']['w3']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wv']['kernel']"}, {jax.result_info = "result[0]['norm']['scale']"}, {jax.result_info = "result[0]['output']['kernel']"}, {jax.result_info = "result[0]['tok_embeddings']['embedding']"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg42: tensor<32xf32>, %arg43: tensor<32xf32>, %arg44: tensor<32x256xf32>, %arg45: tensor<256x32xf32>, %arg46: tensor<32x256xf32>, %arg47: tensor<32x16xf32>, %arg48: tensor<32x32xf32>, %arg49: tensor<32x32xf32>, %arg50: tensor<32x16xf32>, %arg51: tensor<32xf32>, %arg52: tensor<32x128xf32>, %arg53: tensor<128x32xf32>, %arg54: tensor<2x64xi32>, %arg55: tensor<2x64xi32>):
    %118:2 = "func.call"(%arg53, %arg54) <{callee = @_take}> : (tensor<128x32xf32>, tensor<2x64xi32>) -> (tensor<2x64x32xf32>, tensor<2x64x1xi32>)
    %119 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xf32>
    %120 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %121 = "stablehlo.broadcast_in_dim"(%120) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %122 = "stablehlo.multiply"(%119, %121) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %123 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %124 = "stablehlo.broadcast_in_dim"(%123) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %125 = "stablehlo.divide"(%122, %124) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %126 = "stablehlo.constant"() <{value = dense<1.000000e+04> : tensor<f32>}> : () -> tensor<f32>
    %127 = "stablehlo.broadcast_in_dim"(%126) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %128 = "stablehlo.power"(%127, %125) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %129 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %130 = "stablehlo.broadcast_in_dim"(%129) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %131 = "stablehlo.divide"(%130, %128) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %132 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<64xf32>
    %133 = "stablehlo.broadcast_in_dim"(%132) <{broadcast_dimensions = array<i64: 0>}> : (tensor<64xf32>) -> tensor<64x1xf32>
    %134 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1x4xf32>
    %135 = "stablehlo.broadcast_in_dim"(%133) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<64x1xf32>) -> tensor<64x4xf32>
    %136 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf32>) -> tensor<64x4xf32>
    %137 = "stablehlo.multiply"(%135, %136) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %138 = "stablehlo.concatenate"(%137, %137) <{dimension = 1 : i64}> : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x8xf32>
    %139 = "stablehlo.cosine"(%138) : (tensor<64x8xf32>) -> tensor<64x8xf32>
    %140 = "stablehlo.sine"(%138) : (tensor<64x8xf32>) -> tensor<64x8xf32>
    %141 = "chlo.square"(%118#0) : (tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %142 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %143 = "stablehlo.broadcast_in_dim"(%142) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x32xf32>
    %144 = "stablehlo.multiply"(%143, %118#0) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %145 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %146 = "stablehlo.reduce"(%141, %145) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg88: tensor<f32>, %arg89: tensor<f32>):
      %522 = "stablehlo.add"(%arg88, %arg89) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%522) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<2x64xf32>
    %147 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %148 = "stablehlo.broadcast_in_dim"(%147) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %149 = "stablehlo.divide"(%146, %148) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %150 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %151 = "stablehlo.broadcast_in_dim"(%150) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %152 = "stablehlo.broadcast_in_dim"(%151) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %153 = "stablehlo.broadcast_in_dim"(%149) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %154 = "stablehlo.broadcast_in_dim"(%152) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %155 = "stablehlo.subtract"(%118#0, %154) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %156 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %157 = "stablehlo.broadcast_in_dim"(%156) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %158 = "stablehlo.add"(%153, %157) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %159 = "stablehlo.rsqrt"(%158) : (tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %160 = "stablehlo.divide"(%159, %158) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %161 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %162 = "stablehlo.broadcast_in_dim"(%161) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %163 = "stablehlo.multiply"(%162, %160) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %164 = "stablehlo.reshape"(%arg42) : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %165 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %166 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xf32>) -> tensor<2x64x32xf32>
    %167 = "stablehlo.multiply"(%165, %166) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %168 = "stablehlo.multiply"(%155, %167) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %169 = "stablehlo.dot_general"(%168, %arg49) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x32xf32>) -> tensor<2x64x32xf32>
    %170 = "stablehlo.reshape"(%169) : (tensor<2x64x32xf32>) -> tensor<2x64x4x8xf32>
    %171 = "stablehlo.slice"(%170) <{limit_indices = array<i64: 2, 64, 4, 4>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x4x8xf32>) -> tensor<2x64x4x4xf32>
    %172 = "stablehlo.slice"(%170) <{limit_indices = array<i64: 2, 64, 4, 8>, start_indices = array<i64: 0, 0, 0, 4>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x4x8xf32>) -> tensor<2x64x4x4xf32>
    %173 = "stablehlo.negate"(%172) : (tensor<2x64x4x4xf32>) -> tensor<2x64x4x4xf32>
    %174 = "stablehlo.concatenate"(%173, %171) <{dimension = 3 : i64}> : (tensor<2x64x4x4xf32>, tensor<2x64x4x4xf32>) -> tensor<2x64x4x8xf32>
    %175 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<64x8xf32>) -> tensor<1x64x1x8xf32>
    %176 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x4x8xf32>
    %177 = "stablehlo.multiply"(%170, %176) : (tensor<2x64x4x8xf32>, tensor<2x64x4x8xf32>) -> tensor<2x64x4x8xf32>
    %178 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<64x8xf32>) -> tensor<1x64x1x8xf32>
    %179 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x4x8xf32>
    %180 = "stablehlo.multiply"(%174, %179) : (tensor<2x64x4x8xf32>, tensor<2x64x4x8xf32>) -> tensor<2x64x4x8xf32>
    %181 = "stablehlo.add"(%177, %180) : (tensor<2x64x4x8xf32>, tensor<2x64x4x8xf32>) -> tensor<2x64x4x8xf32>
    %182 = "stablehlo.dot_general"(%168, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x16xf32>) -> tensor<2x64x16xf32>
    %183 = "stablehlo.reshape"(%182) : (tensor<2x64x16xf32>) -> tensor<2x64x2x8xf32>
    %184 = "stablehlo.slice"(%183) <{limit_indices = array<i64: 2, 64, 2, 4>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x2x8xf32>) -> tensor<2x64x2x4xf32>
    %185 = "stablehlo.slice"(%183) <{limit_indices = array<i64: 2, 64, 2, 8>, start_indices = array<i64: 0, 0, 0, 4>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x2x8xf32>) -> tensor<2x64x2x4xf32>
    %186 = "stablehlo.negate"(%185) : (tensor<2x64x2x4xf32>) -> tensor<2x64x2x4xf32>
    %187 = "stablehlo.concatenate"(%186, %184) <{dimension = 3 : i64}> : (tensor<2x64x2x4xf32>, tensor<2x64x2x4xf32>) -> tensor<2x64x2x8xf32>
    %188 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<64x8xf32>) -> tensor<1x64x1x8xf32>
    %189 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x2x8xf32>
    %190 = "stablehlo.multiply"(%183, %189) : (tensor<2x64x2x8xf32>, tensor<2x64x2x8xf32>) -> tensor<2x64x2x8xf32>
    %191 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<64x8xf32>) -> tensor<1x64x1x8xf32>
    %192 = "stablehlo.broadcast_in_dim"(%191) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x2x8xf32>
    %193 = "stablehlo.multiply"(%187, %192) : (tensor<2x64x2x8xf32>, tensor<2x64x2x8xf32>) -> tensor<2x64x2x8xf32>
    %194 = "stablehlo.add"(%190, %193) : (tensor<2x64x2x8xf32>, tensor<2x64x2x8xf32>) -> tensor<2x64x2x8xf32>
    %195 = "stablehlo.dot_general"(%168, %arg50) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x16xf32>) -> tensor<2x64x16xf32>
    %196 = "stablehlo.reshape"(%195) : (tensor<2x64x16xf32>) -> tensor<2x64x2x8xf32>
    %197 = "stablehlo.reshape"(%181) : (tensor<2x64x4x8xf32>) -> tensor<2x64x2x2x8xf32>
    %198 = "stablehlo.dot_general"(%194, %197) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x2x8xf32>, tensor<2x64x2x2x8xf32>) -> tensor<2x2x64x64x2xf32>
    %199 = "stablehlo.transpose"(%198) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x64x64x2xf32>) -> tensor<2x2x2x64x64xf32>
    %200 = "stablehlo.constant"() <{value = dense<2.82842708> : tensor<f32>}> : () -> tensor<f32>
    %201 = "stablehlo.broadcast_in_dim"(%200) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x64x64xf32>
    %202 = "stablehlo.divide"(%199, %201) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %203 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %204 = "stablehlo.broadcast_in_dim"(%203) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<64x64xi1>
    %205 = "func.call"(%204) <{callee = @tril}> : (tensor<64x64xi1>) -> tensor<64x64xi1>
    %206 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %207:2 = "func.call"(%205, %202, %206) <{callee = @_where_0}> : (tensor<64x64xi1>, tensor<2x2x2x64x64xf32>, tensor<f32>) -> (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xi1>)
    %208 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %209 = "stablehlo.reduce"(%207#0, %208) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg86: tensor<f32>, %arg87: tensor<f32>):
      %521 = "stablehlo.maximum"(%arg86, %arg87) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%521) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x64x64xf32>, tensor<f32>) -> tensor<2x2x2x64xf32>
    %210 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %211 = "stablehlo.broadcast_in_dim"(%210) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x64xf32>
    %212 = "stablehlo.maximum"(%211, %209) : (tensor<2x2x2x64xf32>, tensor<2x2x2x64xf32>) -> tensor<2x2x2x64xf32>
    %213 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x64xf32>) -> tensor<2x2x2x64x1xf32>
    %214 = "stablehlo.broadcast_in_dim"(%213) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x64xf32>
    %215 = "stablehlo.subtract"(%207#0, %214) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %216 = "stablehlo.exponential"(%215) : (tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %217 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %218 = "stablehlo.reduce"(%216, %217) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg84: tensor<f32>, %arg85: tensor<f32>):
      %520 = "stablehlo.add"(%arg84, %arg85) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%520) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x64x64xf32>, tensor<f32>) -> tensor<2x2x2x64xf32>
    %219 = "stablehlo.broadcast_in_dim"(%218) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x64xf32>) -> tensor<2x2x2x64x1xf32>
    %220 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x64xf32>
    %221 = "stablehlo.divide"(%216, %220) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %222 = "stablehlo.multiply"(%219, %219) : (tensor<2x2x2x64x1xf32>, tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x1xf32>
    %223 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %224 = "stablehlo.broadcast_in_dim"(%223) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x64x1xf32>
    %225 = "stablehlo.divide"(%224, %222) : (tensor<2x2x2x64x1xf32>, tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x1xf32>
    %226 = "stablehlo.dot_general"(%196, %221) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x2x8xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x8x2x64xf32>
    %227 = "stablehlo.transpose"(%226) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<2x2x8x2x64xf32>) -> tensor<2x64x2x2x8xf32>
    %228 = "stablehlo.reshape"(%227) : (tensor<2x64x2x2x8xf32>) -> tensor<2x64x32xf32>
    %229 = "stablehlo.dot_general"(%228, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x32xf32>) -> tensor<2x64x32xf32>
    %230 = "stablehlo.add"(%118#0, %229) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %231 = "chlo.square"(%230) : (tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %232 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %233 = "stablehlo.broadcast_in_dim"(%232) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x32xf32>
    %234 = "stablehlo.multiply"(%233, %230) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %235 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %236 = "stablehlo.reduce"(%231, %235) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg82: tensor<f32>, %arg83: tensor<f32>):
      %519 = "stablehlo.add"(%arg82, %arg83) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%519) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<2x64xf32>
    %237 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %238 = "stablehlo.broadcast_in_dim"(%237) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %239 = "stablehlo.divide"(%236, %238) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %240 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %241 = "stablehlo.broadcast_in_dim"(%240) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %242 = "stablehlo.broadcast_in_dim"(%241) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %243 = "stablehlo.broadcast_in_dim"(%239) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %244 = "stablehlo.broadcast_in_dim"(%242) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %245 = "stablehlo.subtract"(%230, %244) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %246 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %247 = "stablehlo.broadcast_in_dim"(%246) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %248 = "stablehlo.add"(%243, %247) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %249 = "stablehlo.rsqrt"(%248) : (tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %250 = "stablehlo.divide"(%249, %248) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %251 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %252 = "stablehlo.broadcast_in_dim"(%251) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %253 = "stablehlo.multiply"(%252, %250) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %254 = "stablehlo.reshape"(%arg43) : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %255 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %256 = "stablehlo.broadcast_in_dim"(%254) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xf32>) -> tensor<2x64x32xf32>
    %257 = "stablehlo.multiply"(%255, %256) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %258 = "stablehlo.multiply"(%245, %257) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %259 = "stablehlo.dot_general"(%258, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x256xf32>) -> tensor<2x64x256xf32>
    %260:3 = "func.call"(%259) <{callee = @silu}> : (tensor<2x64x256xf32>) -> (tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>)
    %261 = "stablehlo.dot_general"(%258, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x256xf32>) -> tensor<2x64x256xf32>
    %262 = "stablehlo.multiply"(%260#0, %261) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %263 = "stablehlo.dot_general"(%262, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x256xf32>, tensor<256x32xf32>) -> tensor<2x64x32xf32>
    %264 = "stablehlo.add"(%230, %263) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %265 = "chlo.square"(%264) : (tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %266 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %267 = "stablehlo.broadcast_in_dim"(%266) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x32xf32>
    %268 = "stablehlo.multiply"(%267, %264) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %269 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %270 = "stablehlo.reduce"(%265, %269) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg80: tensor<f32>, %arg81: tensor<f32>):
      %518 = "stablehlo.add"(%arg80, %arg81) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%518) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<2x64xf32>
    %271 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %272 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %273 = "stablehlo.divide"(%270, %272) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %274 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %275 = "stablehlo.broadcast_in_dim"(%274) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %276 = "stablehlo.broadcast_in_dim"(%275) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %277 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %278 = "stablehlo.broadcast_in_dim"(%276) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %279 = "stablehlo.subtract"(%264, %278) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %280 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %281 = "stablehlo.broadcast_in_dim"(%280) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %282 = "stablehlo.add"(%277, %281) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %283 = "stablehlo.rsqrt"(%282) : (tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %284 = "stablehlo.divide"(%283, %282) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %285 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %286 = "stablehlo.broadcast_in_dim"(%285) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %287 = "stablehlo.multiply"(%286, %284) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %288 = "stablehlo.reshape"(%arg51) : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %289 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %290 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xf32>) -> tensor<2x64x32xf32>
    %291 = "stablehlo.multiply"(%289, %290) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %292 = "stablehlo.multiply"(%279, %291) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %293 = "stablehlo.dot_general"(%292, %arg52) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x128xf32>) -> tensor<2x64x128xf32>
    %294:3 = "func.call"(%293) <{callee = @log_softmax}> : (tensor<2x64x128xf32>) -> (tensor<2x64x128xf32>, tensor<2x64x128xf32>, tensor<2x64x1xf32>)
    %295 = "stablehlo.broadcast_in_dim"(%arg55) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xi32>) -> tensor<2x64x1xi32>
    %296:2 = "func.call"(%294#0, %295) <{callee = @take_along_axis}> : (tensor<2x64x128xf32>, tensor<2x64x1xi32>) -> (tensor<2x64x1xf32>, tensor<2x64x1x1xi32>)
    %297 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %298 = "stablehlo.reduce"(%296#0, %297) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg78: tensor<f32>, %arg79: tensor<f32>):
      %517 = "stablehlo.add"(%arg78, %arg79) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%517) : (tensor<f32>) -> ()
    }) : (tensor<2x64x1xf32>, tensor<f32>) -> tensor<f32>
    %299 = "stablehlo.constant"() <{value = dense<1.280000e+02> : tensor<f32>}> : () -> tensor<f32>
    %300 = "stablehlo.divide"(%298, %299) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %301 = "stablehlo.negate"(%300) : (tensor<f32>) -> tensor<f32>
    %302 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %303 = "stablehlo.negate"(%302) : (tensor<f32>) -> tensor<f32>
    %304 = "stablehlo.constant"() <{value = dense<1.280000e+02> : tensor<f32>}> : () -> tensor<f32>
    %305 = "stablehlo.divide"(%303, %304) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %306 = "stablehlo.broadcast_in_dim"(%305) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %307 = "func.call"(%296#1, %306) <{callee = @take_along_axis_1}> : (tensor<2x64x1x1xi32>, tensor<2x64x1xf32>) -> tensor<2x64x128xf32>
    %308 = "func.call"(%294#1, %294#2, %307) <{callee = @log_softmax_2}> : (tensor<2x64x128xf32>, tensor<2x64x1xf32>, tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %309 = "stablehlo.dot_general"(%308, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x128xf32>, tensor<2x64x32xf32>) -> tensor<128x32xf32>
    %310 = "stablehlo.transpose"(%309) <{permutation = array<i64: 1, 0>}> : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %311 = "stablehlo.dot_general"(%308, %arg52) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x128xf32>, tensor<32x128xf32>) -> tensor<2x64x32xf32>
    %312 = "stablehlo.multiply"(%279, %311) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %313 = "stablehlo.multiply"(%311, %291) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %314 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %315 = "stablehlo.multiply"(%314, %312) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %316 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %317 = "stablehlo.reduce"(%315, %316) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg76: tensor<f32>, %arg77: tensor<f32>):
      %516 = "stablehlo.add"(%arg76, %arg77) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%516) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<32xf32>
    %318 = "stablehlo.reshape"(%317) : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %319 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xf32>) -> tensor<2x64x32xf32>
    %320 = "stablehlo.multiply"(%312, %319) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %321 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %322 = "stablehlo.reduce"(%320, %321) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg74: tensor<f32>, %arg75: tensor<f32>):
      %515 = "stablehlo.add"(%arg74, %arg75) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%515) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<2x64xf32>
    %323 = "stablehlo.reshape"(%322) : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %324 = "stablehlo.reshape"(%318) : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %325 = "stablehlo.multiply"(%323, %287) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %326 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %327 = "stablehlo.reduce"(%325, %326) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg72: tensor<f32>, %arg73: tensor<f32>):
      %514 = "stablehlo.add"(%arg72, %arg73) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%514) : (tensor<f32>) -> ()
    }) : (tensor<2x64x1xf32>, tensor<f32>) -> tensor<2x64xf32>
    %328 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %329 = "stablehlo.broadcast_in_dim"(%328) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %330 = "stablehlo.divide"(%327, %329) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %331 = "stablehlo.broadcast_in_dim"(%330) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x32xf32>
    %332 = "stablehlo.multiply"(%331, %268) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %333 = "stablehlo.add"(%313, %332) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %334 = "stablehlo.dot_general"(%333, %262) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<2x64x256xf32>) -> tensor<32x256xf32>
    %335 = "stablehlo.transpose"(%334) <{permutation = array<i64: 1, 0>}> : (tensor<32x256xf32>) -> tensor<256x32xf32>
    %336 = "stablehlo.dot_general"(%333, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<256x32xf32>) -> tensor<2x64x256xf32>
    %337 = "stablehlo.multiply"(%260#0, %336) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %338 = "stablehlo.multiply"(%336, %261) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %339 = "stablehlo.dot_general"(%337, %258) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x256xf32>, tensor<2x64x32xf32>) -> tensor<256x32xf32>
    %340 = "stablehlo.transpose"(%339) <{permutation = array<i64: 1, 0>}> : (tensor<256x32xf32>) -> tensor<32x256xf32>
    %341 = "stablehlo.dot_general"(%337, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x256xf32>, tensor<32x256xf32>) -> tensor<2x64x32xf32>
    %342 = "func.call"(%260#1, %260#2, %259, %338) <{callee = @silu_3}> : (tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %343 = "stablehlo.dot_general"(%342, %258) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x256xf32>, tensor<2x64x32xf32>) -> tensor<256x32xf32>
    %344 = "stablehlo.transpose"(%343) <{permutation = array<i64: 1, 0>}> : (tensor<256x32xf32>) -> tensor<32x256xf32>
    %345 = "stablehlo.dot_general"(%342, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x256xf32>, tensor<32x256xf32>) -> tensor<2x64x32xf32>
    %346 = "stablehlo.add"(%341, %345) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %347 = "stablehlo.multiply"(%245, %346) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %348 = "stablehlo.multiply"(%346, %257) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %349 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %350 = "stablehlo.multiply"(%349, %347) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %351 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %352 = "stablehlo.reduce"(%350, %351) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg70: tensor<f32>, %arg71: tensor<f32>):
      %513 = "stablehlo.add"(%arg70, %arg71) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%513) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<32xf32>
    %353 = "stablehlo.reshape"(%352) : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %354 = "stablehlo.broadcast_in_dim"(%254) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xf32>) -> tensor<2x64x32xf32>
    %355 = "stablehlo.multiply"(%347, %354) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %356 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %357 = "stablehlo.reduce"(%355, %356) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg68: tensor<f32>, %arg69: tensor<f32>):
      %512 = "stablehlo.add"(%arg68, %arg69) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%512) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<2x64xf32>
    %358 = "stablehlo.reshape"(%357) : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %359 = "stablehlo.reshape"(%353) : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %360 = "stablehlo.multiply"(%358, %253) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %361 = "stablehlo.add"(%333, %348) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %362 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %363 = "stablehlo.reduce"(%360, %362) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg66: tensor<f32>, %arg67: tensor<f32>):
      %511 = "stablehlo.add"(%arg66, %arg67) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%511) : (tensor<f32>) -> ()
    }) : (tensor<2x64x1xf32>, tensor<f32>) -> tensor<2x64xf32>
    %364 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %365 = "stablehlo.broadcast_in_dim"(%364) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %366 = "stablehlo.divide"(%363, %365) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %367 = "stablehlo.broadcast_in_dim"(%366) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x32xf32>
    %368 = "stablehlo.multiply"(%367, %234) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %369 = "stablehlo.add"(%361, %368) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %370 = "stablehlo.dot_general"(%369, %228) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<32x32xf32>
    %371 = "stablehlo.transpose"(%370) <{permutation = array<i64: 1, 0>}> : (tensor<32x32xf32>) -> tensor<32x32xf32>
    %372 = "stablehlo.dot_general"(%369, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x32xf32>) -> tensor<2x64x32xf32>
    %373 = "stablehlo.reshape"(%372) : (tensor<2x64x32xf32>) -> tensor<2x64x2x2x8xf32>
    %374 = "stablehlo.transpose"(%373) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<2x64x2x2x8xf32>) -> tensor<2x2x8x2x64xf32>
    %375 = "stablehlo.dot_general"(%374, %196) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x8x2x64xf32>, tensor<2x64x2x8xf32>) -> tensor<2x2x2x64x64xf32>
    %376 = "stablehlo.dot_general"(%374, %221) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x8x2x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x8x64xf32>
    %377 = "stablehlo.transpose"(%376) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x2x8x64xf32>) -> tensor<2x64x2x8xf32>
    %378 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x64xf32>
    %379 = "stablehlo.multiply"(%375, %378) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %380 = "stablehlo.multiply"(%379, %216) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %381 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %382 = "stablehlo.reduce"(%380, %381) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg64: tensor<f32>, %arg65: tensor<f32>):
      %510 = "stablehlo.add"(%arg64, %arg65) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%510) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x64x64xf32>, tensor<f32>) -> tensor<2x2x2x64xf32>
    %383 = "stablehlo.reshape"(%382) : (tensor<2x2x2x64xf32>) -> tensor<2x2x2x64x1xf32>
    %384 = "stablehlo.negate"(%383) : (tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x1xf32>
    %385 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x64x1xf32>) -> tensor<2x2x2x64x64xf32>
    %386 = "stablehlo.divide"(%375, %385) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %387 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %388 = "stablehlo.reduce"(%384, %387) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg62: tensor<f32>, %arg63: tensor<f32>):
      %509 = "stablehlo.add"(%arg62, %arg63) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%509) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x64x1xf32>, tensor<f32>) -> tensor<2x2x2x64xf32>
    %389 = "stablehlo.broadcast_in_dim"(%388) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x64xf32>) -> tensor<2x2x2x64x64xf32>
    %390 = "stablehlo.add"(%386, %389) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %391 = "stablehlo.multiply"(%390, %216) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %392 = "func.call"(%207#1, %391) <{callee = @_where_4}> : (tensor<2x2x2x64x64xi1>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %393 = "stablehlo.constant"() <{value = dense<2.82842708> : tensor<f32>}> : () -> tensor<f32>
    %394 = "stablehlo.broadcast_in_dim"(%393) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x64x64xf32>
    %395 = "stablehlo.divide"(%392, %394) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    %396 = "stablehlo.transpose"(%395) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x2x64x64xf32>) -> tensor<2x2x64x64x2xf32>
    %397 = "stablehlo.dot_general"(%396, %194) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x64x64x2xf32>, tensor<2x64x2x8xf32>) -> tensor<2x2x64x2x8xf32>
    %398 = "stablehlo.transpose"(%397) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<2x2x64x2x8xf32>) -> tensor<2x64x2x2x8xf32>
    %399 = "stablehlo.dot_general"(%396, %197) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x64x64x2xf32>, tensor<2x64x2x2x8xf32>) -> tensor<2x2x64x8xf32>
    %400 = "stablehlo.transpose"(%399) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x2x64x8xf32>) -> tensor<2x64x2x8xf32>
    %401 = "stablehlo.reshape"(%398) : (tensor<2x64x2x2x8xf32>) -> tensor<2x64x4x8xf32>
    %402 = "stablehlo.reshape"(%377) : (tensor<2x64x2x8xf32>) -> tensor<2x64x16xf32>
    %403 = "stablehlo.dot_general"(%402, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x16xf32>, tensor<2x64x32xf32>) -> tensor<16x32xf32>
    %404 = "stablehlo.transpose"(%403) <{permutation = array<i64: 1, 0>}> : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %405 = "stablehlo.dot_general"(%402, %arg50) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x16xf32>, tensor<32x16xf32>) -> tensor<2x64x32xf32>
    %406 = "stablehlo.broadcast_in_dim"(%191) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x2x8xf32>
    %407 = "stablehlo.multiply"(%400, %406) : (tensor<2x64x2x8xf32>, tensor<2x64x2x8xf32>) -> tensor<2x64x2x8xf32>
    %408 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x2x8xf32>
    %409 = "stablehlo.multiply"(%400, %408) : (tensor<2x64x2x8xf32>, tensor<2x64x2x8xf32>) -> tensor<2x64x2x8xf32>
    %410 = "stablehlo.slice"(%407) <{limit_indices = array<i64: 2, 64, 2, 4>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x2x8xf32>) -> tensor<2x64x2x4xf32>
    %411 = "stablehlo.slice"(%407) <{limit_indices = array<i64: 2, 64, 2, 8>, start_indices = array<i64: 0, 0, 0, 4>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x2x8xf32>) -> tensor<2x64x2x4xf32>
    %412 = "stablehlo.negate"(%410) : (tensor<2x64x2x4xf32>) -> tensor<2x64x2x4xf32>
    %413 = "stablehlo.concatenate"(%411, %412) <{dimension = 3 : i64}> : (tensor<2x64x2x4xf32>, tensor<2x64x2x4xf32>) -> tensor<2x64x2x8xf32>
    %414 = "stablehlo.add"(%409, %413) : (tensor<2x64x2x8xf32>, tensor<2x64x2x8xf32>) -> tensor<2x64x2x8xf32>
    %415 = "stablehlo.reshape"(%414) : (tensor<2x64x2x8xf32>) -> tensor<2x64x16xf32>
    %416 = "stablehlo.dot_general"(%415, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x16xf32>, tensor<2x64x32xf32>) -> tensor<16x32xf32>
    %417 = "stablehlo.transpose"(%416) <{permutation = array<i64: 1, 0>}> : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %418 = "stablehlo.dot_general"(%415, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x16xf32>, tensor<32x16xf32>) -> tensor<2x64x32xf32>
    %419 = "stablehlo.add"(%405, %418) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %420 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x4x8xf32>
    %421 = "stablehlo.multiply"(%401, %420) : (tensor<2x64x4x8xf32>, tensor<2x64x4x8xf32>) -> tensor<2x64x4x8xf32>
    %422 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x64x1x8xf32>) -> tensor<2x64x4x8xf32>
    %423 = "stablehlo.multiply"(%401, %422) : (tensor<2x64x4x8xf32>, tensor<2x64x4x8xf32>) -> tensor<2x64x4x8xf32>
    %424 = "stablehlo.slice"(%421) <{limit_indices = array<i64: 2, 64, 4, 4>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x4x8xf32>) -> tensor<2x64x4x4xf32>
    %425 = "stablehlo.slice"(%421) <{limit_indices = array<i64: 2, 64, 4, 8>, start_indices = array<i64: 0, 0, 0, 4>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x64x4x8xf32>) -> tensor<2x64x4x4xf32>
    %426 = "stablehlo.negate"(%424) : (tensor<2x64x4x4xf32>) -> tensor<2x64x4x4xf32>
    %427 = "stablehlo.concatenate"(%425, %426) <{dimension = 3 : i64}> : (tensor<2x64x4x4xf32>, tensor<2x64x4x4xf32>) -> tensor<2x64x4x8xf32>
    %428 = "stablehlo.add"(%423, %427) : (tensor<2x64x4x8xf32>, tensor<2x64x4x8xf32>) -> tensor<2x64x4x8xf32>
    %429 = "stablehlo.reshape"(%428) : (tensor<2x64x4x8xf32>) -> tensor<2x64x32xf32>
    %430 = "stablehlo.dot_general"(%429, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<32x32xf32>
    %431 = "stablehlo.transpose"(%430) <{permutation = array<i64: 1, 0>}> : (tensor<32x32xf32>) -> tensor<32x32xf32>
    %432 = "stablehlo.dot_general"(%429, %arg49) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x64x32xf32>, tensor<32x32xf32>) -> tensor<2x64x32xf32>
    %433 = "stablehlo.add"(%419, %432) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %434 = "stablehlo.multiply"(%155, %433) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %435 = "stablehlo.multiply"(%433, %167) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %436 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x32xf32>
    %437 = "stablehlo.multiply"(%436, %434) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %438 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %439 = "stablehlo.reduce"(%437, %438) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg60: tensor<f32>, %arg61: tensor<f32>):
      %508 = "stablehlo.add"(%arg60, %arg61) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%508) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<32xf32>
    %440 = "stablehlo.reshape"(%439) : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %441 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x32xf32>) -> tensor<2x64x32xf32>
    %442 = "stablehlo.multiply"(%434, %441) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %443 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %444 = "stablehlo.reduce"(%442, %443) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg58: tensor<f32>, %arg59: tensor<f32>):
      %507 = "stablehlo.add"(%arg58, %arg59) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%507) : (tensor<f32>) -> ()
    }) : (tensor<2x64x32xf32>, tensor<f32>) -> tensor<2x64xf32>
    %445 = "stablehlo.reshape"(%444) : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %446 = "stablehlo.reshape"(%440) : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %447 = "stablehlo.multiply"(%445, %163) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %448 = "stablehlo.add"(%369, %435) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %449 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %450 = "stablehlo.reduce"(%447, %449) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg56: tensor<f32>, %arg57: tensor<f32>):
      %506 = "stablehlo.add"(%arg56, %arg57) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%506) : (tensor<f32>) -> ()
    }) : (tensor<2x64x1xf32>, tensor<f32>) -> tensor<2x64xf32>
    %451 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %452 = "stablehlo.broadcast_in_dim"(%451) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %453 = "stablehlo.divide"(%450, %452) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %454 = "stablehlo.broadcast_in_dim"(%453) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x32xf32>
    %455 = "stablehlo.multiply"(%454, %144) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %456 = "stablehlo.add"(%448, %455) : (tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    %457 = "func.call"(%118#1, %456) <{callee = @_take_5}> : (tensor<2x64x1xi32>, tensor<2x64x32xf32>) -> tensor<128x32xf32>
    %458 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %459 = "stablehlo.broadcast_in_dim"(%458) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32xf32>
    %460 = "stablehlo.multiply"(%459, %446) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %461 = "stablehlo.subtract"(%arg42, %460) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %462 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %463 = "stablehlo.broadcast_in_dim"(%462) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32xf32>
    %464 = "stablehlo.multiply"(%463, %359) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %465 = "stablehlo.subtract"(%arg43, %464) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %466 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %467 = "stablehlo.broadcast_in_dim"(%466) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x256xf32>
    %468 = "stablehlo.multiply"(%467, %344) : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %469 = "stablehlo.subtract"(%arg44, %468) : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %470 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %471 = "stablehlo.broadcast_in_dim"(%470) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x32xf32>
    %472 = "stablehlo.multiply"(%471, %335) : (tensor<256x32xf32>, tensor<256x32xf32>) -> tensor<256x32xf32>
    %473 = "stablehlo.subtract"(%arg45, %472) : (tensor<256x32xf32>, tensor<256x32xf32>) -> tensor<256x32xf32>
    %474 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %475 = "stablehlo.broadcast_in_dim"(%474) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x256xf32>
    %476 = "stablehlo.multiply"(%475, %340) : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %477 = "stablehlo.subtract"(%arg46, %476) : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %478 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %479 = "stablehlo.broadcast_in_dim"(%478) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x16xf32>
    %480 = "stablehlo.multiply"(%479, %417) : (tensor<32x16xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
    %481 = "stablehlo.subtract"(%arg47, %480) : (tensor<32x16xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
    %482 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %483 = "stablehlo.broadcast_in_dim"(%482) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x32xf32>
    %484 = "stablehlo.multiply"(%483, %371) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %485 = "stablehlo.subtract"(%arg48, %484) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %486 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %487 = "stablehlo.broadcast_in_dim"(%486) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x32xf32>
    %488 = "stablehlo.multiply"(%487, %431) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %489 = "stablehlo.subtract"(%arg49, %488) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %490 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %491 = "stablehlo.broadcast_in_dim"(%490) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x16xf32>
    %492 = "stablehlo.multiply"(%491, %404) : (tensor<32x16xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
    %493 = "stablehlo.subtract"(%arg50, %492) : (tensor<32x16xf32>, tensor<32x16xf32>) -> tensor<32x16xf32>
    %494 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %495 = "stablehlo.broadcast_in_dim"(%494) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32xf32>
    %496 = "stablehlo.multiply"(%495, %324) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %497 = "stablehlo.subtract"(%arg51, %496) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %498 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %499 = "stablehlo.broadcast_in_dim"(%498) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x128xf32>
    %500 = "stablehlo.multiply"(%499, %310) : (tensor<32x128xf32>, tensor<32x128xf32>) -> tensor<32x128xf32>
    %501 = "stablehlo.subtract"(%arg52, %500) : (tensor<32x128xf32>, tensor<32x128xf32>) -> tensor<32x128xf32>
    %502 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %503 = "stablehlo.broadcast_in_dim"(%502) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x32xf32>
    %504 = "stablehlo.multiply"(%503, %457) : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    %505 = "stablehlo.subtract"(%arg53, %504) : (tensor<128x32xf32>, tensor<128x32xf32>) -> tensor<128x32xf32>
    "func.return"(%461, %465, %469, %473, %477, %481, %485, %489, %493, %497, %501, %505, %301) : (tensor<32xf32>, tensor<32xf32>, tensor<32x256xf32>, tensor<256x32xf32>, tensor<32x256xf32>, tensor<32x16xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x16xf32>, tensor<32xf32>, tensor<32x128xf32>, tensor<128x32xf32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<128x32xf32>, tensor<2x64xi32>) -> (tensor<2x64x32xf32>, tensor<2x64x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg38: tensor<128x32xf32>, %arg39: tensor<2x64xi32>):
    %94 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %95 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x64xi32>
    %96 = "stablehlo.compare"(%arg39, %95) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi1>
    %97 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x64xi32>
    %99 = "stablehlo.add"(%arg39, %98) : (tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi32>
    %100 = "func.call"(%96, %99, %arg39) <{callee = @_where}> : (tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi32>
    %101 = "stablehlo.broadcast_in_dim"(%100) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xi32>) -> tensor<2x64x1xi32>
    %102 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %103 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x64x1xi32>
    %105 = "stablehlo.compare"(%101, %104) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi1>
    %106 = "stablehlo.broadcast_in_dim"(%102) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %107 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<2x64x1xi32>
    %108 = "stablehlo.compare"(%101, %107) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi1>
    %109 = "stablehlo.and"(%105, %108) : (tensor<2x64x1xi1>, tensor<2x64x1xi1>) -> tensor<2x64x1xi1>
    %110 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %111 = "stablehlo.reduce"(%109, %110) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg40: tensor<i1>, %arg41: tensor<i1>):
      %117 = "stablehlo.and"(%arg40, %arg41) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%117) : (tensor<i1>) -> ()
    }) : (tensor<2x64x1xi1>, tensor<i1>) -> tensor<2x64xi1>
    %112 = "stablehlo.gather"(%arg38, %101) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<128x32xf32>, tensor<2x64x1xi32>) -> tensor<2x64x32xf32>
    %113 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xi1>) -> tensor<2x64x32xi1>
    %114 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %115 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x32xf32>
    %116 = "stablehlo.select"(%113, %112, %115) : (tensor<2x64x32xi1>, tensor<2x64x32xf32>, tensor<2x64x32xf32>) -> tensor<2x64x32xf32>
    "func.return"(%116, %101) : (tensor<2x64x32xf32>, tensor<2x64x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg35: tensor<2x64xi1>, %arg36: tensor<2x64xi32>, %arg37: tensor<2x64xi32>):
    %93 = "stablehlo.select"(%arg35, %arg36, %arg37) : (tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi32>
    "func.return"(%93) : (tensor<2x64xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<64x64xi1>) -> tensor<64x64xi1>, res_attrs = [{}], sym_name = "tril", sym_visibility = "private"}> ({
  ^bb0(%arg34: tensor<64x64xi1>):
    %84 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<64x64xi32>
    %85 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %86 = "stablehlo.broadcast_in_dim"(%85) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<64x64xi32>
    %87 = "stablehlo.add"(%84, %86) : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi32>
    %88 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<64x64xi32>
    %89 = "stablehlo.compare"(%87, %88) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi1>
    %90 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %91 = "stablehlo.broadcast_in_dim"(%90) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<64x64xi1>
    %92 = "stablehlo.select"(%89, %arg34, %91) : (tensor<64x64xi1>, tensor<64x64xi1>, tensor<64x64xi1>) -> tensor<64x64xi1>
    "func.return"(%92) : (tensor<64x64xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<64x64xi1>, tensor<2x2x2x64x64xf32>, tensor<f32>) -> (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg31: tensor<64x64xi1>, %arg32: tensor<2x2x2x64x64xf32>, %arg33: tensor<f32>):
    %80 = "stablehlo.convert"(%arg33) : (tensor<f32>) -> tensor<f32>
    %81 = "stablehlo.broadcast_in_dim"(%arg31) <{broadcast_dimensions = array<i64: 3, 4>}> : (tensor<64x64xi1>) -> tensor<2x2x2x64x64xi1>
    %82 = "stablehlo.broadcast_in_dim"(%80) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x64x64xf32>
    %83 = "stablehlo.select"(%81, %arg32, %82) : (tensor<2x2x2x64x64xi1>, tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    "func.return"(%83, %81) : (tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x64x256xf32>) -> (tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>), res_attrs = [{}, {}, {}], sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg30: tensor<2x64x256xf32>):
    %67 = "stablehlo.negate"(%arg30) : (tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %68 = "stablehlo.exponential"(%67) : (tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %69 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.broadcast_in_dim"(%69) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x256xf32>
    %71 = "stablehlo.add"(%70, %68) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %72 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %73 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x256xf32>
    %74 = "stablehlo.divide"(%73, %71) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %75 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %76 = "stablehlo.broadcast_in_dim"(%75) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x256xf32>
    %77 = "stablehlo.subtract"(%76, %74) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %78 = "stablehlo.multiply"(%74, %77) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %79 = "stablehlo.multiply"(%arg30, %74) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    "func.return"(%79, %78, %74) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x64x128xf32>) -> (tensor<2x64x128xf32>, tensor<2x64x128xf32>, tensor<2x64x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg25: tensor<2x64x128xf32>):
    %50 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%arg25, %50) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg28: tensor<f32>, %arg29: tensor<f32>):
      %66 = "stablehlo.maximum"(%arg28, %arg29) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%66) : (tensor<f32>) -> ()
    }) : (tensor<2x64x128xf32>, tensor<f32>) -> tensor<2x64xf32>
    %52 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %53 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64xf32>
    %54 = "stablehlo.maximum"(%53, %51) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
    %55 = "stablehlo.broadcast_in_dim"(%54) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %56 = "stablehlo.broadcast_in_dim"(%55) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x128xf32>
    %57 = "stablehlo.subtract"(%arg25, %56) : (tensor<2x64x128xf32>, tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %58 = "stablehlo.exponential"(%57) : (tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %59 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %60 = "stablehlo.reduce"(%58, %59) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      %65 = "stablehlo.add"(%arg26, %arg27) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%65) : (tensor<f32>) -> ()
    }) : (tensor<2x64x128xf32>, tensor<f32>) -> tensor<2x64xf32>
    %61 = "stablehlo.broadcast_in_dim"(%60) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %62 = "stablehlo.log"(%61) : (tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x64x1xf32>) -> tensor<2x64x128xf32>
    %64 = "stablehlo.subtract"(%57, %63) : (tensor<2x64x128xf32>, tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    "func.return"(%64, %58, %61) : (tensor<2x64x128xf32>, tensor<2x64x128xf32>, tensor<2x64x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x64x128xf32>, tensor<2x64x1xi32>) -> (tensor<2x64x1xf32>, tensor<2x64x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg21: tensor<2x64x128xf32>, %arg22: tensor<2x64x1xi32>):
    %27 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x64x1xi32>
    %29 = "stablehlo.compare"(%arg22, %28) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi1>
    %30 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x64x1xi32>
    %32 = "stablehlo.add"(%arg22, %31) : (tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi32>
    %33 = "stablehlo.select"(%29, %32, %arg22) : (tensor<2x64x1xi1>, tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi32>
    %34 = "stablehlo.reshape"(%33) : (tensor<2x64x1xi32>) -> tensor<2x64x1x1xi32>
    %35 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %36 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %37 = "stablehlo.broadcast_in_dim"(%36) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x64x1x1xi32>
    %38 = "stablehlo.compare"(%34, %37) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x64x1x1xi32>, tensor<2x64x1x1xi32>) -> tensor<2x64x1x1xi1>
    %39 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %40 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<2x64x1x1xi32>
    %41 = "stablehlo.compare"(%34, %40) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x64x1x1xi32>, tensor<2x64x1x1xi32>) -> tensor<2x64x1x1xi1>
    %42 = "stablehlo.and"(%38, %41) : (tensor<2x64x1x1xi1>, tensor<2x64x1x1xi1>) -> tensor<2x64x1x1xi1>
    %43 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %44 = "stablehlo.reduce"(%42, %43) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg23: tensor<i1>, %arg24: tensor<i1>):
      %49 = "stablehlo.and"(%arg23, %arg24) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%49) : (tensor<i1>) -> ()
    }) : (tensor<2x64x1x1xi1>, tensor<i1>) -> tensor<2x64x1xi1>
    %45 = "stablehlo.gather"(%arg21, %34) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x64x128xf32>, tensor<2x64x1x1xi32>) -> tensor<2x64x1xf32>
    %46 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x1xf32>
    %48 = "stablehlo.select"(%44, %45, %47) : (tensor<2x64x1xi1>, tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    "func.return"(%48, %34) : (tensor<2x64x1xf32>, tensor<2x64x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x64x1x1xi32>, tensor<2x64x1xf32>) -> tensor<2x64x128xf32>, res_attrs = [{}], sym_name = "take_along_axis_1", sym_visibility = "private"}> ({
  ^bb0(%arg17: tensor<2x64x1x1xi32>, %arg18: tensor<2x64x1xf32>):
    %23 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x64x128xf32>
    %25 = "stablehlo.scatter"(%24, %arg17, %arg18) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %26 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<2x64x128xf32>, tensor<2x64x1x1xi32>, tensor<2x64x1xf32>) -> tensor<2x64x128xf32>
    "func.return"(%25) : (tensor<2x64x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x64x128xf32>, tensor<2x64x1xf32>, tensor<2x64x128xf32>) -> tensor<2x64x128xf32>, res_attrs = [{}], sym_name = "log_softmax_2", sym_visibility = "private"}> ({
  ^bb0(%arg10: tensor<2x64x128xf32>, %arg11: tensor<2x64x1xf32>, %arg12: tensor<2x64x128xf32>):
    %11 = "stablehlo.negate"(%arg12) : (tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%11, %12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %22 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%22) : (tensor<f32>) -> ()
    }) : (tensor<2x64x128xf32>, tensor<f32>) -> tensor<2x64xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %15 = "stablehlo.divide"(%14, %arg11) : (tensor<2x64x1xf32>, tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %16 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.reduce"(%15, %16) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %21 = "stablehlo.add"(%arg13, %arg14) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%21) : (tensor<f32>) -> ()
    }) : (tensor<2x64x1xf32>, tensor<f32>) -> tensor<2x64xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x64xf32>) -> tensor<2x64x128xf32>
    %19 = "stablehlo.multiply"(%18, %arg10) : (tensor<2x64x128xf32>, tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %20 = "stablehlo.add"(%arg12, %19) : (tensor<2x64x128xf32>, tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    "func.return"(%20) : (tensor<2x64x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>, res_attrs = [{}], sym_name = "silu_3", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<2x64x256xf32>, %arg7: tensor<2x64x256xf32>, %arg8: tensor<2x64x256xf32>, %arg9: tensor<2x64x256xf32>):
    %7 = "stablehlo.multiply"(%arg8, %arg9) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %8 = "stablehlo.multiply"(%arg9, %arg7) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %9 = "stablehlo.multiply"(%7, %arg6) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    %10 = "stablehlo.add"(%8, %9) : (tensor<2x64x256xf32>, tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
    "func.return"(%10) : (tensor<2x64x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x2x2x64x64xi1>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>, res_attrs = [{}], sym_name = "_where_4", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<2x2x2x64x64xi1>, %arg5: tensor<2x2x2x64x64xf32>):
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x64x64xf32>
    %6 = "stablehlo.select"(%arg4, %arg5, %5) : (tensor<2x2x2x64x64xi1>, tensor<2x2x2x64x64xf32>, tensor<2x2x2x64x64xf32>) -> tensor<2x2x2x64x64xf32>
    "func.return"(%6) : (tensor<2x2x2x64x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x64x1xi32>, tensor<2x64x32xf32>) -> tensor<128x32xf32>, res_attrs = [{}], sym_name = "_take_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x64x1xi32>, %arg1: tensor<2x64x32xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x32xf32>
    %2 = "stablehlo.scatter"(%1, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<128x32xf32>, tensor<2x64x1xi32>, tensor<2x64x32xf32>) -> tensor<128x32xf32>
    "func.return"(%2) : (tensor<128x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
