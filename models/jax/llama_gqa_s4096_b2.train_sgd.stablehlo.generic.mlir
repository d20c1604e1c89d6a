"builtin.module"() <{sym_name = "jit_step"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {tf.aliasing_output = 1 : i32}, {tf.aliasing_output = 2 : i32}, {tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {tf.aliasing_output = 5 : i32}, {tf.aliasing_output = 6 : i32}, {tf.aliasing_output = 7 : i32}, {tf.aliasing_output = 8 : i32}, {tf.aliasing_output = 9 : i32}, {tf.aliasing_output = 10 : i32}, {tf.aliasing_output = 11 : i32}, {tf.aliasing_output = 12 : i32}, {tf.aliasing_output = 13 : i32}, {tf.aliasing_output = 14 : i32}, {tf.aliasing_output = 15 : i32}, {tf.aliasing_output = 16 : i32}, {tf.aliasing_output = 17 : i32}, {tf.aliasing_output = 18 : i32}, {tf.aliasing_output = 19 : i32}, {tf.aliasing_output = 20 : i32}, {}, {}], function_type = (tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<2x4096xi32>, tensor<2x4096xi32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['Block_0']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['w1']['kernel']"}, {jax.result_info = "result[0]['Block_0']['w2']['kernel']"}, {jax.result_info = "result[0]['Block_0']['w3']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wv']['kernel']"}, {jax.result_info = "result[0]['Block_1']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['w1']['kernel']"}, {jax.result_info = "result[0]['Block_1']['w2']['kernel']"}, {jax.result_info = "result[0]['Block_1']['w3']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wv']['kernel']"}, {jax.result_info = "result[0]['norm']['scale']"}, {jax.result_info = "result[0]['output']['kernel']"}, {jax.result_info = "result[0]['tok_embeddings']['embedding']"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg42: tensor<64xf32>, %arg43: tensor<64xf32>, %arg44: tensor<64x256xf32>, %arg45: tensor<256x64xf32>, %arg46: tensor<64x256xf32>, %arg47: tensor<64x32xf32>, %arg48: tensor<64x64xf32>, %arg49: tensor<64x64xf32>, %arg50: tensor<64x32xf32>, %arg51: tensor<64xf32>, %arg52: tensor<64xf32>, %arg53: tensor<64x256xf32>, %arg54: tensor<256x64xf32>, %arg55: tensor<64x256xf32>, %arg56: tensor<64x32xf32>, %arg57: tensor<64x64xf32>, %arg58: tensor<64x64xf32>, %arg59: tensor<64x32xf32>, %arg60: tensor<64xf32>, %arg61: tensor<64x128xf32>, %arg62: tensor<128x64xf32>, %arg63: tensor<2x4096xi32>, %arg64: tensor<2x4096xi32>):
    %118:2 = "func.call"(%arg62, %arg63) <{callee = @_take}> : (tensor<128x64xf32>, tensor<2x4096xi32>) -> (tensor<2x4096x64xf32>, tensor<2x4096x1xi32>)
    %119 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<8xf32>
    %120 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %121 = "stablehlo.broadcast_in_dim"(%120) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %122 = "stablehlo.multiply"(%119, %121) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %123 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %124 = "stablehlo.broadcast_in_dim"(%123) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %125 = "stablehlo.divide"(%122, %124) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %126 = "stablehlo.constant"() <{value = dense<1.000000e+04> : tensor<f32>}> : () -> tensor<f32>
    %127 = "stablehlo.broadcast_in_dim"(%126) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %128 = "stablehlo.power"(%127, %125) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %129 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %130 = "stablehlo.broadcast_in_dim"(%129) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %131 = "stablehlo.divide"(%130, %128) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %132 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4096xf32>
    %133 = "stablehlo.broadcast_in_dim"(%132) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %134 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1x8xf32>
    %135 = "stablehlo.broadcast_in_dim"(%133) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4096x1xf32>) -> tensor<4096x8xf32>
    %136 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x8xf32>) -> tensor<4096x8xf32>
    %137 = "stablehlo.multiply"(%135, %136) : (tensor<4096x8xf32>, tensor<4096x8xf32>) -> tensor<4096x8xf32>
    %138 = "stablehlo.concatenate"(%137, %137) <{dimension = 1 : i64}> : (tensor<4096x8xf32>, tensor<4096x8xf32>) -> tensor<4096x16xf32>
    %139 = "stablehlo.cosine"(%138) : (tensor<4096x16xf32>) -> tensor<4096x16xf32>
    %140 = "stablehlo.sine"(%138) : (tensor<4096x16xf32>) -> tensor<4096x16xf32>
    %141 = "chlo.square"(%118#0) : (tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %142 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %143 = "stablehlo.broadcast_in_dim"(%142) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x64xf32>
    %144 = "stablehlo.multiply"(%143, %118#0) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %145 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %146 = "stablehlo.reduce"(%141, %145) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg121: tensor<f32>, %arg122: tensor<f32>):
      %817 = "stablehlo.add"(%arg121, %arg122) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%817) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %147 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %148 = "stablehlo.broadcast_in_dim"(%147) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %149 = "stablehlo.divide"(%146, %148) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %150 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %151 = "stablehlo.broadcast_in_dim"(%150) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %152 = "stablehlo.broadcast_in_dim"(%151) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %153 = "stablehlo.broadcast_in_dim"(%149) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %154 = "stablehlo.broadcast_in_dim"(%152) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %155 = "stablehlo.subtract"(%118#0, %154) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %156 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %157 = "stablehlo.broadcast_in_dim"(%156) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %158 = "stablehlo.add"(%153, %157) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %159 = "stablehlo.rsqrt"(%158) : (tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %160 = "stablehlo.divide"(%159, %158) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %161 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %162 = "stablehlo.broadcast_in_dim"(%161) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %163 = "stablehlo.multiply"(%162, %160) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %164 = "stablehlo.reshape"(%arg42) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %165 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %166 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %167 = "stablehlo.multiply"(%165, %166) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %168 = "stablehlo.multiply"(%155, %167) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %169 = "stablehlo.dot_general"(%168, %arg49) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %170 = "stablehlo.reshape"(%169) : (tensor<2x4096x64xf32>) -> tensor<2x4096x4x16xf32>
    %171 = "stablehlo.slice"(%170) <{limit_indices = array<i64: 2, 4096, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %172 = "stablehlo.slice"(%170) <{limit_indices = array<i64: 2, 4096, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %173 = "stablehlo.negate"(%172) : (tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x8xf32>
    %174 = "stablehlo.concatenate"(%173, %171) <{dimension = 3 : i64}> : (tensor<2x4096x4x8xf32>, tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x16xf32>
    %175 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %176 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %177 = "stablehlo.multiply"(%170, %176) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %178 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %179 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %180 = "stablehlo.multiply"(%174, %179) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %181 = "stablehlo.add"(%177, %180) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %182 = "stablehlo.dot_general"(%168, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x32xf32>) -> tensor<2x4096x32xf32>
    %183 = "stablehlo.reshape"(%182) : (tensor<2x4096x32xf32>) -> tensor<2x4096x2x16xf32>
    %184 = "stablehlo.slice"(%183) <{limit_indices = array<i64: 2, 4096, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %185 = "stablehlo.slice"(%183) <{limit_indices = array<i64: 2, 4096, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %186 = "stablehlo.negate"(%185) : (tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x8xf32>
    %187 = "stablehlo.concatenate"(%186, %184) <{dimension = 3 : i64}> : (tensor<2x4096x2x8xf32>, tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x16xf32>
    %188 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %189 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %190 = "stablehlo.multiply"(%183, %189) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %191 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %192 = "stablehlo.broadcast_in_dim"(%191) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %193 = "stablehlo.multiply"(%187, %192) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %194 = "stablehlo.add"(%190, %193) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %195 = "stablehlo.dot_general"(%168, %arg50) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x32xf32>) -> tensor<2x4096x32xf32>
    %196 = "stablehlo.reshape"(%195) : (tensor<2x4096x32xf32>) -> tensor<2x4096x2x16xf32>
    %197 = "stablehlo.reshape"(%181) : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x2x2x16xf32>
    %198 = "stablehlo.dot_general"(%194, %197) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x2x16xf32>) -> tensor<2x2x4096x4096x2xf32>
    %199 = "stablehlo.transpose"(%198) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x4096x4096x2xf32>) -> tensor<2x2x2x4096x4096xf32>
    %200 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %201 = "stablehlo.broadcast_in_dim"(%200) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x4096xf32>
    %202 = "stablehlo.divide"(%199, %201) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %203 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %204 = "stablehlo.broadcast_in_dim"(%203) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<4096x4096xi1>
    %205 = "func.call"(%204) <{callee = @tril}> : (tensor<4096x4096xi1>) -> tensor<4096x4096xi1>
    %206 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %207:2 = "func.call"(%205, %202, %206) <{callee = @_where_0}> : (tensor<4096x4096xi1>, tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xi1>)
    %208 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %209 = "stablehlo.reduce"(%207#0, %208) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg119: tensor<f32>, %arg120: tensor<f32>):
      %816 = "stablehlo.maximum"(%arg119, %arg120) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%816) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %210 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %211 = "stablehlo.broadcast_in_dim"(%210) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096xf32>
    %212 = "stablehlo.maximum"(%211, %209) : (tensor<2x2x2x4096xf32>, tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096xf32>
    %213 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x1xf32>
    %214 = "stablehlo.broadcast_in_dim"(%213) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %215 = "stablehlo.subtract"(%207#0, %214) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %216 = "stablehlo.exponential"(%215) : (tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %217 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %218 = "stablehlo.reduce"(%216, %217) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg117: tensor<f32>, %arg118: tensor<f32>):
      %815 = "stablehlo.add"(%arg117, %arg118) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%815) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %219 = "stablehlo.broadcast_in_dim"(%218) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x1xf32>
    %220 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %221 = "stablehlo.divide"(%216, %220) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %222 = "stablehlo.multiply"(%219, %219) : (tensor<2x2x2x4096x1xf32>, tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x1xf32>
    %223 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %224 = "stablehlo.broadcast_in_dim"(%223) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x1xf32>
    %225 = "stablehlo.divide"(%224, %222) : (tensor<2x2x2x4096x1xf32>, tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x1xf32>
    %226 = "stablehlo.dot_general"(%196, %221) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x2x16xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x16x2x4096xf32>
    %227 = "stablehlo.transpose"(%226) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<2x2x16x2x4096xf32>) -> tensor<2x4096x2x2x16xf32>
    %228 = "stablehlo.reshape"(%227) : (tensor<2x4096x2x2x16xf32>) -> tensor<2x4096x64xf32>
    %229 = "stablehlo.dot_general"(%228, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %230 = "stablehlo.add"(%118#0, %229) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %231 = "chlo.square"(%230) : (tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %232 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %233 = "stablehlo.broadcast_in_dim"(%232) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x64xf32>
    %234 = "stablehlo.multiply"(%233, %230) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %235 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %236 = "stablehlo.reduce"(%231, %235) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg115: tensor<f32>, %arg116: tensor<f32>):
      %814 = "stablehlo.add"(%arg115, %arg116) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%814) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %237 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %238 = "stablehlo.broadcast_in_dim"(%237) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %239 = "stablehlo.divide"(%236, %238) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %240 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %241 = "stablehlo.broadcast_in_dim"(%240) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %242 = "stablehlo.broadcast_in_dim"(%241) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %243 = "stablehlo.broadcast_in_dim"(%239) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %244 = "stablehlo.broadcast_in_dim"(%242) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %245 = "stablehlo.subtract"(%230, %244) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %246 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %247 = "stablehlo.broadcast_in_dim"(%246) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %248 = "stablehlo.add"(%243, %247) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %249 = "stablehlo.rsqrt"(%248) : (tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %250 = "stablehlo.divide"(%249, %248) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %251 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %252 = "stablehlo.broadcast_in_dim"(%251) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %253 = "stablehlo.multiply"(%252, %250) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %254 = "stablehlo.reshape"(%arg43) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %255 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %256 = "stablehlo.broadcast_in_dim"(%254) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %257 = "stablehlo.multiply"(%255, %256) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %258 = "stablehlo.multiply"(%245, %257) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %259 = "stablehlo.dot_general"(%258, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x256xf32>) -> tensor<2x4096x256xf32>
    %260:3 = "func.call"(%259) <{callee = @silu}> : (tensor<2x4096x256xf32>) -> (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>)
    %261 = "stablehlo.dot_general"(%258, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x256xf32>) -> tensor<2x4096x256xf32>
    %262 = "stablehlo.multiply"(%260#0, %261) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %263 = "stablehlo.dot_general"(%262, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<256x64xf32>) -> tensor<2x4096x64xf32>
    %264 = "stablehlo.add"(%230, %263) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %265 = "chlo.square"(%264) : (tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %266 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %267 = "stablehlo.broadcast_in_dim"(%266) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x64xf32>
    %268 = "stablehlo.multiply"(%267, %264) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %269 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %270 = "stablehlo.reduce"(%265, %269) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg113: tensor<f32>, %arg114: tensor<f32>):
      %813 = "stablehlo.add"(%arg113, %arg114) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%813) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %271 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %272 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %273 = "stablehlo.divide"(%270, %272) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %274 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %275 = "stablehlo.broadcast_in_dim"(%274) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %276 = "stablehlo.broadcast_in_dim"(%275) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %277 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %278 = "stablehlo.broadcast_in_dim"(%276) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %279 = "stablehlo.subtract"(%264, %278) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %280 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %281 = "stablehlo.broadcast_in_dim"(%280) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %282 = "stablehlo.add"(%277, %281) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %283 = "stablehlo.rsqrt"(%282) : (tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %284 = "stablehlo.divide"(%283, %282) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %285 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %286 = "stablehlo.broadcast_in_dim"(%285) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %287 = "stablehlo.multiply"(%286, %284) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %288 = "stablehlo.reshape"(%arg51) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %289 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %290 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %291 = "stablehlo.multiply"(%289, %290) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %292 = "stablehlo.multiply"(%279, %291) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %293 = "stablehlo.dot_general"(%292, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %294 = "stablehlo.reshape"(%293) : (tensor<2x4096x64xf32>) -> tensor<2x4096x4x16xf32>
    %295 = "stablehlo.slice"(%294) <{limit_indices = array<i64: 2, 4096, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %296 = "stablehlo.slice"(%294) <{limit_indices = array<i64: 2, 4096, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %297 = "stablehlo.negate"(%296) : (tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x8xf32>
    %298 = "stablehlo.concatenate"(%297, %295) <{dimension = 3 : i64}> : (tensor<2x4096x4x8xf32>, tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x16xf32>
    %299 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %300 = "stablehlo.broadcast_in_dim"(%299) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %301 = "stablehlo.multiply"(%294, %300) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %302 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %303 = "stablehlo.broadcast_in_dim"(%302) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %304 = "stablehlo.multiply"(%298, %303) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %305 = "stablehlo.add"(%301, %304) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %306 = "stablehlo.dot_general"(%292, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x32xf32>) -> tensor<2x4096x32xf32>
    %307 = "stablehlo.reshape"(%306) : (tensor<2x4096x32xf32>) -> tensor<2x4096x2x16xf32>
    %308 = "stablehlo.slice"(%307) <{limit_indices = array<i64: 2, 4096, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %309 = "stablehlo.slice"(%307) <{limit_indices = array<i64: 2, 4096, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %310 = "stablehlo.negate"(%309) : (tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x8xf32>
    %311 = "stablehlo.concatenate"(%310, %308) <{dimension = 3 : i64}> : (tensor<2x4096x2x8xf32>, tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x16xf32>
    %312 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %313 = "stablehlo.broadcast_in_dim"(%312) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %314 = "stablehlo.multiply"(%307, %313) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %315 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<4096x16xf32>) -> tensor<1x4096x1x16xf32>
    %316 = "stablehlo.broadcast_in_dim"(%315) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %317 = "stablehlo.multiply"(%311, %316) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %318 = "stablehlo.add"(%314, %317) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %319 = "stablehlo.dot_general"(%292, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x32xf32>) -> tensor<2x4096x32xf32>
    %320 = "stablehlo.reshape"(%319) : (tensor<2x4096x32xf32>) -> tensor<2x4096x2x16xf32>
    %321 = "stablehlo.reshape"(%305) : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x2x2x16xf32>
    %322 = "stablehlo.dot_general"(%318, %321) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x2x16xf32>) -> tensor<2x2x4096x4096x2xf32>
    %323 = "stablehlo.transpose"(%322) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x4096x4096x2xf32>) -> tensor<2x2x2x4096x4096xf32>
    %324 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %325 = "stablehlo.broadcast_in_dim"(%324) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x4096xf32>
    %326 = "stablehlo.divide"(%323, %325) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %327 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %328 = "stablehlo.broadcast_in_dim"(%327) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<4096x4096xi1>
    %329 = "func.call"(%328) <{callee = @tril}> : (tensor<4096x4096xi1>) -> tensor<4096x4096xi1>
    %330 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %331:2 = "func.call"(%329, %326, %330) <{callee = @_where_0}> : (tensor<4096x4096xi1>, tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xi1>)
    %332 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %333 = "stablehlo.reduce"(%331#0, %332) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg111: tensor<f32>, %arg112: tensor<f32>):
      %812 = "stablehlo.maximum"(%arg111, %arg112) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%812) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %334 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %335 = "stablehlo.broadcast_in_dim"(%334) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096xf32>
    %336 = "stablehlo.maximum"(%335, %333) : (tensor<2x2x2x4096xf32>, tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096xf32>
    %337 = "stablehlo.broadcast_in_dim"(%336) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x1xf32>
    %338 = "stablehlo.broadcast_in_dim"(%337) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %339 = "stablehlo.subtract"(%331#0, %338) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %340 = "stablehlo.exponential"(%339) : (tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %341 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %342 = "stablehlo.reduce"(%340, %341) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg109: tensor<f32>, %arg110: tensor<f32>):
      %811 = "stablehlo.add"(%arg109, %arg110) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%811) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %343 = "stablehlo.broadcast_in_dim"(%342) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x1xf32>
    %344 = "stablehlo.broadcast_in_dim"(%343) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %345 = "stablehlo.divide"(%340, %344) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %346 = "stablehlo.multiply"(%343, %343) : (tensor<2x2x2x4096x1xf32>, tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x1xf32>
    %347 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %348 = "stablehlo.broadcast_in_dim"(%347) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x1xf32>
    %349 = "stablehlo.divide"(%348, %346) : (tensor<2x2x2x4096x1xf32>, tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x1xf32>
    %350 = "stablehlo.dot_general"(%320, %345) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x2x16xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x16x2x4096xf32>
    %351 = "stablehlo.transpose"(%350) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<2x2x16x2x4096xf32>) -> tensor<2x4096x2x2x16xf32>
    %352 = "stablehlo.reshape"(%351) : (tensor<2x4096x2x2x16xf32>) -> tensor<2x4096x64xf32>
    %353 = "stablehlo.dot_general"(%352, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %354 = "stablehlo.add"(%264, %353) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %355 = "chlo.square"(%354) : (tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %356 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %357 = "stablehlo.broadcast_in_dim"(%356) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x64xf32>
    %358 = "stablehlo.multiply"(%357, %354) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %359 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %360 = "stablehlo.reduce"(%355, %359) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg107: tensor<f32>, %arg108: tensor<f32>):
      %810 = "stablehlo.add"(%arg107, %arg108) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%810) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %361 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %362 = "stablehlo.broadcast_in_dim"(%361) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %363 = "stablehlo.divide"(%360, %362) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %364 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %365 = "stablehlo.broadcast_in_dim"(%364) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %366 = "stablehlo.broadcast_in_dim"(%365) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %367 = "stablehlo.broadcast_in_dim"(%363) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %368 = "stablehlo.broadcast_in_dim"(%366) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %369 = "stablehlo.subtract"(%354, %368) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %370 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %371 = "stablehlo.broadcast_in_dim"(%370) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %372 = "stablehlo.add"(%367, %371) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %373 = "stablehlo.rsqrt"(%372) : (tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %374 = "stablehlo.divide"(%373, %372) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %375 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %376 = "stablehlo.broadcast_in_dim"(%375) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %377 = "stablehlo.multiply"(%376, %374) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %378 = "stablehlo.reshape"(%arg52) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %379 = "stablehlo.broadcast_in_dim"(%373) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %380 = "stablehlo.broadcast_in_dim"(%378) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %381 = "stablehlo.multiply"(%379, %380) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %382 = "stablehlo.multiply"(%369, %381) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %383 = "stablehlo.dot_general"(%382, %arg53) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x256xf32>) -> tensor<2x4096x256xf32>
    %384:3 = "func.call"(%383) <{callee = @silu}> : (tensor<2x4096x256xf32>) -> (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>)
    %385 = "stablehlo.dot_general"(%382, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x256xf32>) -> tensor<2x4096x256xf32>
    %386 = "stablehlo.multiply"(%384#0, %385) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %387 = "stablehlo.dot_general"(%386, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<256x64xf32>) -> tensor<2x4096x64xf32>
    %388 = "stablehlo.add"(%354, %387) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %389 = "chlo.square"(%388) : (tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %390 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %391 = "stablehlo.broadcast_in_dim"(%390) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x64xf32>
    %392 = "stablehlo.multiply"(%391, %388) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %393 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %394 = "stablehlo.reduce"(%389, %393) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg105: tensor<f32>, %arg106: tensor<f32>):
      %809 = "stablehlo.add"(%arg105, %arg106) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%809) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %395 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %396 = "stablehlo.broadcast_in_dim"(%395) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %397 = "stablehlo.divide"(%394, %396) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %398 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %399 = "stablehlo.broadcast_in_dim"(%398) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %400 = "stablehlo.broadcast_in_dim"(%399) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %401 = "stablehlo.broadcast_in_dim"(%397) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %402 = "stablehlo.broadcast_in_dim"(%400) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %403 = "stablehlo.subtract"(%388, %402) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %404 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %405 = "stablehlo.broadcast_in_dim"(%404) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %406 = "stablehlo.add"(%401, %405) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %407 = "stablehlo.rsqrt"(%406) : (tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %408 = "stablehlo.divide"(%407, %406) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %409 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %410 = "stablehlo.broadcast_in_dim"(%409) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %411 = "stablehlo.multiply"(%410, %408) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %412 = "stablehlo.reshape"(%arg60) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %413 = "stablehlo.broadcast_in_dim"(%407) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %414 = "stablehlo.broadcast_in_dim"(%412) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %415 = "stablehlo.multiply"(%413, %414) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %416 = "stablehlo.multiply"(%403, %415) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %417 = "stablehlo.dot_general"(%416, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x128xf32>) -> tensor<2x4096x128xf32>
    %418:3 = "func.call"(%417) <{callee = @log_softmax}> : (tensor<2x4096x128xf32>) -> (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>, tensor<2x4096x1xf32>)
    %419 = "stablehlo.broadcast_in_dim"(%arg64) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xi32>) -> tensor<2x4096x1xi32>
    %420:2 = "func.call"(%418#0, %419) <{callee = @take_along_axis}> : (tensor<2x4096x128xf32>, tensor<2x4096x1xi32>) -> (tensor<2x4096x1xf32>, tensor<2x4096x1x1xi32>)
    %421 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %422 = "stablehlo.reduce"(%420#0, %421) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg103: tensor<f32>, %arg104: tensor<f32>):
      %808 = "stablehlo.add"(%arg103, %arg104) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%808) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<f32>
    %423 = "stablehlo.constant"() <{value = dense<8.192000e+03> : tensor<f32>}> : () -> tensor<f32>
    %424 = "stablehlo.divide"(%422, %423) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %425 = "stablehlo.negate"(%424) : (tensor<f32>) -> tensor<f32>
    %426 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %427 = "stablehlo.negate"(%426) : (tensor<f32>) -> tensor<f32>
    %428 = "stablehlo.constant"() <{value = dense<8.192000e+03> : tensor<f32>}> : () -> tensor<f32>
    %429 = "stablehlo.divide"(%427, %428) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %430 = "stablehlo.broadcast_in_dim"(%429) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %431 = "func.call"(%420#1, %430) <{callee = @take_along_axis_1}> : (tensor<2x4096x1x1xi32>, tensor<2x4096x1xf32>) -> tensor<2x4096x128xf32>
    %432 = "func.call"(%418#1, %418#2, %431) <{callee = @log_softmax_2}> : (tensor<2x4096x128xf32>, tensor<2x4096x1xf32>, tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    %433 = "stablehlo.dot_general"(%432, %416) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x128xf32>, tensor<2x4096x64xf32>) -> tensor<128x64xf32>
    %434 = "stablehlo.transpose"(%433) <{permutation = array<i64: 1, 0>}> : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %435 = "stablehlo.dot_general"(%432, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x128xf32>, tensor<64x128xf32>) -> tensor<2x4096x64xf32>
    %436 = "stablehlo.multiply"(%403, %435) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %437 = "stablehlo.multiply"(%435, %415) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %438 = "stablehlo.broadcast_in_dim"(%407) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %439 = "stablehlo.multiply"(%438, %436) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %440 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %441 = "stablehlo.reduce"(%439, %440) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg101: tensor<f32>, %arg102: tensor<f32>):
      %807 = "stablehlo.add"(%arg101, %arg102) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%807) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<64xf32>
    %442 = "stablehlo.reshape"(%441) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %443 = "stablehlo.broadcast_in_dim"(%412) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %444 = "stablehlo.multiply"(%436, %443) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %445 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %446 = "stablehlo.reduce"(%444, %445) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg99: tensor<f32>, %arg100: tensor<f32>):
      %806 = "stablehlo.add"(%arg99, %arg100) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%806) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %447 = "stablehlo.reshape"(%446) : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %448 = "stablehlo.reshape"(%442) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %449 = "stablehlo.multiply"(%447, %411) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %450 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %451 = "stablehlo.reduce"(%449, %450) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg97: tensor<f32>, %arg98: tensor<f32>):
      %805 = "stablehlo.add"(%arg97, %arg98) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%805) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %452 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %453 = "stablehlo.broadcast_in_dim"(%452) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %454 = "stablehlo.divide"(%451, %453) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %455 = "stablehlo.broadcast_in_dim"(%454) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x64xf32>
    %456 = "stablehlo.multiply"(%455, %392) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %457 = "stablehlo.add"(%437, %456) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %458 = "stablehlo.dot_general"(%457, %386) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<2x4096x256xf32>) -> tensor<64x256xf32>
    %459 = "stablehlo.transpose"(%458) <{permutation = array<i64: 1, 0>}> : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %460 = "stablehlo.dot_general"(%457, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<256x64xf32>) -> tensor<2x4096x256xf32>
    %461 = "stablehlo.multiply"(%384#0, %460) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %462 = "stablehlo.multiply"(%460, %385) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %463 = "stablehlo.dot_general"(%461, %382) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<2x4096x64xf32>) -> tensor<256x64xf32>
    %464 = "stablehlo.transpose"(%463) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %465 = "stablehlo.dot_general"(%461, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<64x256xf32>) -> tensor<2x4096x64xf32>
    %466 = "func.call"(%384#1, %384#2, %383, %462) <{callee = @silu_3}> : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %467 = "stablehlo.dot_general"(%466, %382) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<2x4096x64xf32>) -> tensor<256x64xf32>
    %468 = "stablehlo.transpose"(%467) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %469 = "stablehlo.dot_general"(%466, %arg53) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<64x256xf32>) -> tensor<2x4096x64xf32>
    %470 = "stablehlo.add"(%465, %469) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %471 = "stablehlo.multiply"(%369, %470) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %472 = "stablehlo.multiply"(%470, %381) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %473 = "stablehlo.broadcast_in_dim"(%373) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %474 = "stablehlo.multiply"(%473, %471) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %475 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %476 = "stablehlo.reduce"(%474, %475) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg95: tensor<f32>, %arg96: tensor<f32>):
      %804 = "stablehlo.add"(%arg95, %arg96) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%804) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<64xf32>
    %477 = "stablehlo.reshape"(%476) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %478 = "stablehlo.broadcast_in_dim"(%378) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %479 = "stablehlo.multiply"(%471, %478) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %480 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %481 = "stablehlo.reduce"(%479, %480) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg93: tensor<f32>, %arg94: tensor<f32>):
      %803 = "stablehlo.add"(%arg93, %arg94) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%803) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %482 = "stablehlo.reshape"(%481) : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %483 = "stablehlo.reshape"(%477) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %484 = "stablehlo.multiply"(%482, %377) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %485 = "stablehlo.add"(%457, %472) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %486 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %487 = "stablehlo.reduce"(%484, %486) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg91: tensor<f32>, %arg92: tensor<f32>):
      %802 = "stablehlo.add"(%arg91, %arg92) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%802) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %488 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %489 = "stablehlo.broadcast_in_dim"(%488) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %490 = "stablehlo.divide"(%487, %489) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %491 = "stablehlo.broadcast_in_dim"(%490) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x64xf32>
    %492 = "stablehlo.multiply"(%491, %358) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %493 = "stablehlo.add"(%485, %492) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %494 = "stablehlo.dot_general"(%493, %352) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<64x64xf32>
    %495 = "stablehlo.transpose"(%494) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %496 = "stablehlo.dot_general"(%493, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %497 = "stablehlo.reshape"(%496) : (tensor<2x4096x64xf32>) -> tensor<2x4096x2x2x16xf32>
    %498 = "stablehlo.transpose"(%497) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<2x4096x2x2x16xf32>) -> tensor<2x2x16x2x4096xf32>
    %499 = "stablehlo.dot_general"(%498, %320) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x4096xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x2x2x4096x4096xf32>
    %500 = "stablehlo.dot_general"(%498, %345) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x16x4096xf32>
    %501 = "stablehlo.transpose"(%500) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x2x16x4096xf32>) -> tensor<2x4096x2x16xf32>
    %502 = "stablehlo.broadcast_in_dim"(%349) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %503 = "stablehlo.multiply"(%499, %502) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %504 = "stablehlo.multiply"(%503, %340) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %505 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %506 = "stablehlo.reduce"(%504, %505) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg89: tensor<f32>, %arg90: tensor<f32>):
      %801 = "stablehlo.add"(%arg89, %arg90) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%801) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %507 = "stablehlo.reshape"(%506) : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x1xf32>
    %508 = "stablehlo.negate"(%507) : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x1xf32>
    %509 = "stablehlo.broadcast_in_dim"(%343) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %510 = "stablehlo.divide"(%499, %509) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %511 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %512 = "stablehlo.reduce"(%508, %511) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg87: tensor<f32>, %arg88: tensor<f32>):
      %800 = "stablehlo.add"(%arg87, %arg88) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%800) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x1xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %513 = "stablehlo.broadcast_in_dim"(%512) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %514 = "stablehlo.add"(%510, %513) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %515 = "stablehlo.multiply"(%514, %340) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %516 = "func.call"(%331#1, %515) <{callee = @_where_4}> : (tensor<2x2x2x4096x4096xi1>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %517 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %518 = "stablehlo.broadcast_in_dim"(%517) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x4096xf32>
    %519 = "stablehlo.divide"(%516, %518) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %520 = "stablehlo.transpose"(%519) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x4096x4096x2xf32>
    %521 = "stablehlo.dot_general"(%520, %318) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x4096x4096x2xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x2x4096x2x16xf32>
    %522 = "stablehlo.transpose"(%521) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<2x2x4096x2x16xf32>) -> tensor<2x4096x2x2x16xf32>
    %523 = "stablehlo.dot_general"(%520, %321) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x4096x4096x2xf32>, tensor<2x4096x2x2x16xf32>) -> tensor<2x2x4096x16xf32>
    %524 = "stablehlo.transpose"(%523) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x2x4096x16xf32>) -> tensor<2x4096x2x16xf32>
    %525 = "stablehlo.reshape"(%522) : (tensor<2x4096x2x2x16xf32>) -> tensor<2x4096x4x16xf32>
    %526 = "stablehlo.reshape"(%501) : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x32xf32>
    %527 = "stablehlo.dot_general"(%526, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<2x4096x64xf32>) -> tensor<32x64xf32>
    %528 = "stablehlo.transpose"(%527) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %529 = "stablehlo.dot_general"(%526, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<64x32xf32>) -> tensor<2x4096x64xf32>
    %530 = "stablehlo.broadcast_in_dim"(%315) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %531 = "stablehlo.multiply"(%524, %530) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %532 = "stablehlo.broadcast_in_dim"(%312) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %533 = "stablehlo.multiply"(%524, %532) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %534 = "stablehlo.slice"(%531) <{limit_indices = array<i64: 2, 4096, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %535 = "stablehlo.slice"(%531) <{limit_indices = array<i64: 2, 4096, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %536 = "stablehlo.negate"(%534) : (tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x8xf32>
    %537 = "stablehlo.concatenate"(%535, %536) <{dimension = 3 : i64}> : (tensor<2x4096x2x8xf32>, tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x16xf32>
    %538 = "stablehlo.add"(%533, %537) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %539 = "stablehlo.reshape"(%538) : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x32xf32>
    %540 = "stablehlo.dot_general"(%539, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<2x4096x64xf32>) -> tensor<32x64xf32>
    %541 = "stablehlo.transpose"(%540) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %542 = "stablehlo.dot_general"(%539, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<64x32xf32>) -> tensor<2x4096x64xf32>
    %543 = "stablehlo.add"(%529, %542) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %544 = "stablehlo.broadcast_in_dim"(%302) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %545 = "stablehlo.multiply"(%525, %544) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %546 = "stablehlo.broadcast_in_dim"(%299) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %547 = "stablehlo.multiply"(%525, %546) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %548 = "stablehlo.slice"(%545) <{limit_indices = array<i64: 2, 4096, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %549 = "stablehlo.slice"(%545) <{limit_indices = array<i64: 2, 4096, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %550 = "stablehlo.negate"(%548) : (tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x8xf32>
    %551 = "stablehlo.concatenate"(%549, %550) <{dimension = 3 : i64}> : (tensor<2x4096x4x8xf32>, tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x16xf32>
    %552 = "stablehlo.add"(%547, %551) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %553 = "stablehlo.reshape"(%552) : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x64xf32>
    %554 = "stablehlo.dot_general"(%553, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<64x64xf32>
    %555 = "stablehlo.transpose"(%554) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %556 = "stablehlo.dot_general"(%553, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %557 = "stablehlo.add"(%543, %556) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %558 = "stablehlo.multiply"(%279, %557) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %559 = "stablehlo.multiply"(%557, %291) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %560 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %561 = "stablehlo.multiply"(%560, %558) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %562 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %563 = "stablehlo.reduce"(%561, %562) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg85: tensor<f32>, %arg86: tensor<f32>):
      %799 = "stablehlo.add"(%arg85, %arg86) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%799) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<64xf32>
    %564 = "stablehlo.reshape"(%563) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %565 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %566 = "stablehlo.multiply"(%558, %565) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %567 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %568 = "stablehlo.reduce"(%566, %567) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg83: tensor<f32>, %arg84: tensor<f32>):
      %798 = "stablehlo.add"(%arg83, %arg84) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%798) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %569 = "stablehlo.reshape"(%568) : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %570 = "stablehlo.reshape"(%564) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %571 = "stablehlo.multiply"(%569, %287) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %572 = "stablehlo.add"(%493, %559) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %573 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %574 = "stablehlo.reduce"(%571, %573) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg81: tensor<f32>, %arg82: tensor<f32>):
      %797 = "stablehlo.add"(%arg81, %arg82) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%797) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %575 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %576 = "stablehlo.broadcast_in_dim"(%575) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %577 = "stablehlo.divide"(%574, %576) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %578 = "stablehlo.broadcast_in_dim"(%577) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x64xf32>
    %579 = "stablehlo.multiply"(%578, %268) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %580 = "stablehlo.add"(%572, %579) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %581 = "stablehlo.dot_general"(%580, %262) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<2x4096x256xf32>) -> tensor<64x256xf32>
    %582 = "stablehlo.transpose"(%581) <{permutation = array<i64: 1, 0>}> : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %583 = "stablehlo.dot_general"(%580, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<256x64xf32>) -> tensor<2x4096x256xf32>
    %584 = "stablehlo.multiply"(%260#0, %583) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %585 = "stablehlo.multiply"(%583, %261) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %586 = "stablehlo.dot_general"(%584, %258) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<2x4096x64xf32>) -> tensor<256x64xf32>
    %587 = "stablehlo.transpose"(%586) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %588 = "stablehlo.dot_general"(%584, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<64x256xf32>) -> tensor<2x4096x64xf32>
    %589 = "func.call"(%260#1, %260#2, %259, %585) <{callee = @silu_3}> : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %590 = "stablehlo.dot_general"(%589, %258) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<2x4096x64xf32>) -> tensor<256x64xf32>
    %591 = "stablehlo.transpose"(%590) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %592 = "stablehlo.dot_general"(%589, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x256xf32>, tensor<64x256xf32>) -> tensor<2x4096x64xf32>
    %593 = "stablehlo.add"(%588, %592) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %594 = "stablehlo.multiply"(%245, %593) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %595 = "stablehlo.multiply"(%593, %257) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %596 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %597 = "stablehlo.multiply"(%596, %594) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %598 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %599 = "stablehlo.reduce"(%597, %598) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg79: tensor<f32>, %arg80: tensor<f32>):
      %796 = "stablehlo.add"(%arg79, %arg80) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%796) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<64xf32>
    %600 = "stablehlo.reshape"(%599) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %601 = "stablehlo.broadcast_in_dim"(%254) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %602 = "stablehlo.multiply"(%594, %601) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %603 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %604 = "stablehlo.reduce"(%602, %603) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg77: tensor<f32>, %arg78: tensor<f32>):
      %795 = "stablehlo.add"(%arg77, %arg78) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%795) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %605 = "stablehlo.reshape"(%604) : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %606 = "stablehlo.reshape"(%600) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %607 = "stablehlo.multiply"(%605, %253) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %608 = "stablehlo.add"(%580, %595) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %609 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %610 = "stablehlo.reduce"(%607, %609) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg75: tensor<f32>, %arg76: tensor<f32>):
      %794 = "stablehlo.add"(%arg75, %arg76) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%794) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %611 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %612 = "stablehlo.broadcast_in_dim"(%611) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %613 = "stablehlo.divide"(%610, %612) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %614 = "stablehlo.broadcast_in_dim"(%613) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x64xf32>
    %615 = "stablehlo.multiply"(%614, %234) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %616 = "stablehlo.add"(%608, %615) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %617 = "stablehlo.dot_general"(%616, %228) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<64x64xf32>
    %618 = "stablehlo.transpose"(%617) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %619 = "stablehlo.dot_general"(%616, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %620 = "stablehlo.reshape"(%619) : (tensor<2x4096x64xf32>) -> tensor<2x4096x2x2x16xf32>
    %621 = "stablehlo.transpose"(%620) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<2x4096x2x2x16xf32>) -> tensor<2x2x16x2x4096xf32>
    %622 = "stablehlo.dot_general"(%621, %196) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x4096xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x2x2x4096x4096xf32>
    %623 = "stablehlo.dot_general"(%621, %221) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x16x4096xf32>
    %624 = "stablehlo.transpose"(%623) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x2x16x4096xf32>) -> tensor<2x4096x2x16xf32>
    %625 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %626 = "stablehlo.multiply"(%622, %625) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %627 = "stablehlo.multiply"(%626, %216) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %628 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %629 = "stablehlo.reduce"(%627, %628) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg73: tensor<f32>, %arg74: tensor<f32>):
      %793 = "stablehlo.add"(%arg73, %arg74) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%793) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %630 = "stablehlo.reshape"(%629) : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x1xf32>
    %631 = "stablehlo.negate"(%630) : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x1xf32>
    %632 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x4096x1xf32>) -> tensor<2x2x2x4096x4096xf32>
    %633 = "stablehlo.divide"(%622, %632) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %634 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %635 = "stablehlo.reduce"(%631, %634) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg71: tensor<f32>, %arg72: tensor<f32>):
      %792 = "stablehlo.add"(%arg71, %arg72) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%792) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x4096x1xf32>, tensor<f32>) -> tensor<2x2x2x4096xf32>
    %636 = "stablehlo.broadcast_in_dim"(%635) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %637 = "stablehlo.add"(%633, %636) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %638 = "stablehlo.multiply"(%637, %216) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %639 = "func.call"(%207#1, %638) <{callee = @_where_4}> : (tensor<2x2x2x4096x4096xi1>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %640 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %641 = "stablehlo.broadcast_in_dim"(%640) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x4096xf32>
    %642 = "stablehlo.divide"(%639, %641) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    %643 = "stablehlo.transpose"(%642) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x4096x4096x2xf32>
    %644 = "stablehlo.dot_general"(%643, %194) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x4096x4096x2xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x2x4096x2x16xf32>
    %645 = "stablehlo.transpose"(%644) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<2x2x4096x2x16xf32>) -> tensor<2x4096x2x2x16xf32>
    %646 = "stablehlo.dot_general"(%643, %197) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x4096x4096x2xf32>, tensor<2x4096x2x2x16xf32>) -> tensor<2x2x4096x16xf32>
    %647 = "stablehlo.transpose"(%646) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x2x4096x16xf32>) -> tensor<2x4096x2x16xf32>
    %648 = "stablehlo.reshape"(%645) : (tensor<2x4096x2x2x16xf32>) -> tensor<2x4096x4x16xf32>
    %649 = "stablehlo.reshape"(%624) : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x32xf32>
    %650 = "stablehlo.dot_general"(%649, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<2x4096x64xf32>) -> tensor<32x64xf32>
    %651 = "stablehlo.transpose"(%650) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %652 = "stablehlo.dot_general"(%649, %arg50) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<64x32xf32>) -> tensor<2x4096x64xf32>
    %653 = "stablehlo.broadcast_in_dim"(%191) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %654 = "stablehlo.multiply"(%647, %653) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %655 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x2x16xf32>
    %656 = "stablehlo.multiply"(%647, %655) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %657 = "stablehlo.slice"(%654) <{limit_indices = array<i64: 2, 4096, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %658 = "stablehlo.slice"(%654) <{limit_indices = array<i64: 2, 4096, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x8xf32>
    %659 = "stablehlo.negate"(%657) : (tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x8xf32>
    %660 = "stablehlo.concatenate"(%658, %659) <{dimension = 3 : i64}> : (tensor<2x4096x2x8xf32>, tensor<2x4096x2x8xf32>) -> tensor<2x4096x2x16xf32>
    %661 = "stablehlo.add"(%656, %660) : (tensor<2x4096x2x16xf32>, tensor<2x4096x2x16xf32>) -> tensor<2x4096x2x16xf32>
    %662 = "stablehlo.reshape"(%661) : (tensor<2x4096x2x16xf32>) -> tensor<2x4096x32xf32>
    %663 = "stablehlo.dot_general"(%662, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<2x4096x64xf32>) -> tensor<32x64xf32>
    %664 = "stablehlo.transpose"(%663) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %665 = "stablehlo.dot_general"(%662, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x32xf32>, tensor<64x32xf32>) -> tensor<2x4096x64xf32>
    %666 = "stablehlo.add"(%652, %665) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %667 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %668 = "stablehlo.multiply"(%648, %667) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %669 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4096x1x16xf32>) -> tensor<2x4096x4x16xf32>
    %670 = "stablehlo.multiply"(%648, %669) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %671 = "stablehlo.slice"(%668) <{limit_indices = array<i64: 2, 4096, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %672 = "stablehlo.slice"(%668) <{limit_indices = array<i64: 2, 4096, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x8xf32>
    %673 = "stablehlo.negate"(%671) : (tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x8xf32>
    %674 = "stablehlo.concatenate"(%672, %673) <{dimension = 3 : i64}> : (tensor<2x4096x4x8xf32>, tensor<2x4096x4x8xf32>) -> tensor<2x4096x4x16xf32>
    %675 = "stablehlo.add"(%670, %674) : (tensor<2x4096x4x16xf32>, tensor<2x4096x4x16xf32>) -> tensor<2x4096x4x16xf32>
    %676 = "stablehlo.reshape"(%675) : (tensor<2x4096x4x16xf32>) -> tensor<2x4096x64xf32>
    %677 = "stablehlo.dot_general"(%676, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<64x64xf32>
    %678 = "stablehlo.transpose"(%677) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %679 = "stablehlo.dot_general"(%676, %arg49) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4096x64xf32>, tensor<64x64xf32>) -> tensor<2x4096x64xf32>
    %680 = "stablehlo.add"(%666, %679) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %681 = "stablehlo.multiply"(%155, %680) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %682 = "stablehlo.multiply"(%680, %167) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %683 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x64xf32>
    %684 = "stablehlo.multiply"(%683, %681) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %685 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %686 = "stablehlo.reduce"(%684, %685) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg69: tensor<f32>, %arg70: tensor<f32>):
      %791 = "stablehlo.add"(%arg69, %arg70) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%791) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<64xf32>
    %687 = "stablehlo.reshape"(%686) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %688 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x4096x64xf32>
    %689 = "stablehlo.multiply"(%681, %688) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %690 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %691 = "stablehlo.reduce"(%689, %690) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg67: tensor<f32>, %arg68: tensor<f32>):
      %790 = "stablehlo.add"(%arg67, %arg68) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%790) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x64xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %692 = "stablehlo.reshape"(%691) : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %693 = "stablehlo.reshape"(%687) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %694 = "stablehlo.multiply"(%692, %163) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %695 = "stablehlo.add"(%616, %682) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %696 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %697 = "stablehlo.reduce"(%694, %696) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg65: tensor<f32>, %arg66: tensor<f32>):
      %789 = "stablehlo.add"(%arg65, %arg66) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%789) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %698 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %699 = "stablehlo.broadcast_in_dim"(%698) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %700 = "stablehlo.divide"(%697, %699) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %701 = "stablehlo.broadcast_in_dim"(%700) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x64xf32>
    %702 = "stablehlo.multiply"(%701, %144) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %703 = "stablehlo.add"(%695, %702) : (tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    %704 = "func.call"(%118#1, %703) <{callee = @_take_5}> : (tensor<2x4096x1xi32>, tensor<2x4096x64xf32>) -> tensor<128x64xf32>
    %705 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %706 = "stablehlo.broadcast_in_dim"(%705) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %707 = "stablehlo.multiply"(%706, %693) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %708 = "stablehlo.subtract"(%arg42, %707) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %709 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %710 = "stablehlo.broadcast_in_dim"(%709) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %711 = "stablehlo.multiply"(%710, %606) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %712 = "stablehlo.subtract"(%arg43, %711) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %713 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %714 = "stablehlo.broadcast_in_dim"(%713) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %715 = "stablehlo.multiply"(%714, %591) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %716 = "stablehlo.subtract"(%arg44, %715) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %717 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %718 = "stablehlo.broadcast_in_dim"(%717) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %719 = "stablehlo.multiply"(%718, %582) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %720 = "stablehlo.subtract"(%arg45, %719) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %721 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %722 = "stablehlo.broadcast_in_dim"(%721) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %723 = "stablehlo.multiply"(%722, %587) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %724 = "stablehlo.subtract"(%arg46, %723) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %725 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %726 = "stablehlo.broadcast_in_dim"(%725) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %727 = "stablehlo.multiply"(%726, %664) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %728 = "stablehlo.subtract"(%arg47, %727) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %729 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %730 = "stablehlo.broadcast_in_dim"(%729) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %731 = "stablehlo.multiply"(%730, %618) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %732 = "stablehlo.subtract"(%arg48, %731) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %733 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %734 = "stablehlo.broadcast_in_dim"(%733) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %735 = "stablehlo.multiply"(%734, %678) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %736 = "stablehlo.subtract"(%arg49, %735) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %737 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %738 = "stablehlo.broadcast_in_dim"(%737) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %739 = "stablehlo.multiply"(%738, %651) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %740 = "stablehlo.subtract"(%arg50, %739) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %741 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %742 = "stablehlo.broadcast_in_dim"(%741) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %743 = "stablehlo.multiply"(%742, %570) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %744 = "stablehlo.subtract"(%arg51, %743) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %745 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %746 = "stablehlo.broadcast_in_dim"(%745) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %747 = "stablehlo.multiply"(%746, %483) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %748 = "stablehlo.subtract"(%arg52, %747) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %749 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %750 = "stablehlo.broadcast_in_dim"(%749) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %751 = "stablehlo.multiply"(%750, %468) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %752 = "stablehlo.subtract"(%arg53, %751) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %753 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %754 = "stablehlo.broadcast_in_dim"(%753) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %755 = "stablehlo.multiply"(%754, %459) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %756 = "stablehlo.subtract"(%arg54, %755) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %757 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %758 = "stablehlo.broadcast_in_dim"(%757) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %759 = "stablehlo.multiply"(%758, %464) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %760 = "stablehlo.subtract"(%arg55, %759) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %761 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %762 = "stablehlo.broadcast_in_dim"(%761) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %763 = "stablehlo.multiply"(%762, %541) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %764 = "stablehlo.subtract"(%arg56, %763) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %765 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %766 = "stablehlo.broadcast_in_dim"(%765) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %767 = "stablehlo.multiply"(%766, %495) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %768 = "stablehlo.subtract"(%arg57, %767) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %769 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %770 = "stablehlo.broadcast_in_dim"(%769) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %771 = "stablehlo.multiply"(%770, %555) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %772 = "stablehlo.subtract"(%arg58, %771) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %773 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %774 = "stablehlo.broadcast_in_dim"(%773) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %775 = "stablehlo.multiply"(%774, %528) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %776 = "stablehlo.subtract"(%arg59, %775) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %777 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %778 = "stablehlo.broadcast_in_dim"(%777) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %779 = "stablehlo.multiply"(%778, %448) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %780 = "stablehlo.subtract"(%arg60, %779) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %781 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %782 = "stablehlo.broadcast_in_dim"(%781) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x128xf32>
    %783 = "stablehlo.multiply"(%782, %434) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %784 = "stablehlo.subtract"(%arg61, %783) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %785 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %786 = "stablehlo.broadcast_in_dim"(%785) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %787 = "stablehlo.multiply"(%786, %704) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %788 = "stablehlo.subtract"(%arg62, %787) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    "func.return"(%708, %712, %716, %720, %724, %728, %732, %736, %740, %744, %748, %752, %756, %760, %764, %768, %772, %776, %780, %784, %788, %425) : (tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<128x64xf32>, tensor<2x4096xi32>) -> (tensor<2x4096x64xf32>, tensor<2x4096x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg38: tensor<128x64xf32>, %arg39: tensor<2x4096xi32>):
    %94 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %95 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4096xi32>
    %96 = "stablehlo.compare"(%arg39, %95) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x4096xi32>, tensor<2x4096xi32>) -> tensor<2x4096xi1>
    %97 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4096xi32>
    %99 = "stablehlo.add"(%arg39, %98) : (tensor<2x4096xi32>, tensor<2x4096xi32>) -> tensor<2x4096xi32>
    %100 = "func.call"(%96, %99, %arg39) <{callee = @_where}> : (tensor<2x4096xi1>, tensor<2x4096xi32>, tensor<2x4096xi32>) -> tensor<2x4096xi32>
    %101 = "stablehlo.broadcast_in_dim"(%100) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xi32>) -> tensor<2x4096x1xi32>
    %102 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %103 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4096x1xi32>
    %105 = "stablehlo.compare"(%101, %104) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x4096x1xi32>, tensor<2x4096x1xi32>) -> tensor<2x4096x1xi1>
    %106 = "stablehlo.broadcast_in_dim"(%102) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %107 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<2x4096x1xi32>
    %108 = "stablehlo.compare"(%101, %107) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x4096x1xi32>, tensor<2x4096x1xi32>) -> tensor<2x4096x1xi1>
    %109 = "stablehlo.and"(%105, %108) : (tensor<2x4096x1xi1>, tensor<2x4096x1xi1>) -> tensor<2x4096x1xi1>
    %110 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %111 = "stablehlo.reduce"(%109, %110) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg40: tensor<i1>, %arg41: tensor<i1>):
      %117 = "stablehlo.and"(%arg40, %arg41) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%117) : (tensor<i1>) -> ()
    }) : (tensor<2x4096x1xi1>, tensor<i1>) -> tensor<2x4096xi1>
    %112 = "stablehlo.gather"(%arg38, %101) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<128x64xf32>, tensor<2x4096x1xi32>) -> tensor<2x4096x64xf32>
    %113 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xi1>) -> tensor<2x4096x64xi1>
    %114 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %115 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x64xf32>
    %116 = "stablehlo.select"(%113, %112, %115) : (tensor<2x4096x64xi1>, tensor<2x4096x64xf32>, tensor<2x4096x64xf32>) -> tensor<2x4096x64xf32>
    "func.return"(%116, %101) : (tensor<2x4096x64xf32>, tensor<2x4096x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x4096xi1>, tensor<2x4096xi32>, tensor<2x4096xi32>) -> tensor<2x4096xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg35: tensor<2x4096xi1>, %arg36: tensor<2x4096xi32>, %arg37: tensor<2x4096xi32>):
    %93 = "stablehlo.select"(%arg35, %arg36, %arg37) : (tensor<2x4096xi1>, tensor<2x4096xi32>, tensor<2x4096xi32>) -> tensor<2x4096xi32>
    "func.return"(%93) : (tensor<2x4096xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4096x4096xi1>) -> tensor<4096x4096xi1>, res_attrs = [{}], sym_name = "tril", sym_visibility = "private"}> ({
  ^bb0(%arg34: tensor<4096x4096xi1>):
    %84 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4096x4096xi32>
    %85 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %86 = "stablehlo.broadcast_in_dim"(%85) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4096x4096xi32>
    %87 = "stablehlo.add"(%84, %86) : (tensor<4096x4096xi32>, tensor<4096x4096xi32>) -> tensor<4096x4096xi32>
    %88 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<4096x4096xi32>
    %89 = "stablehlo.compare"(%87, %88) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4096x4096xi32>, tensor<4096x4096xi32>) -> tensor<4096x4096xi1>
    %90 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %91 = "stablehlo.broadcast_in_dim"(%90) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<4096x4096xi1>
    %92 = "stablehlo.select"(%89, %arg34, %91) : (tensor<4096x4096xi1>, tensor<4096x4096xi1>, tensor<4096x4096xi1>) -> tensor<4096x4096xi1>
    "func.return"(%92) : (tensor<4096x4096xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4096x4096xi1>, tensor<2x2x2x4096x4096xf32>, tensor<f32>) -> (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg31: tensor<4096x4096xi1>, %arg32: tensor<2x2x2x4096x4096xf32>, %arg33: tensor<f32>):
    %80 = "stablehlo.convert"(%arg33) : (tensor<f32>) -> tensor<f32>
    %81 = "stablehlo.broadcast_in_dim"(%arg31) <{broadcast_dimensions = array<i64: 3, 4>}> : (tensor<4096x4096xi1>) -> tensor<2x2x2x4096x4096xi1>
    %82 = "stablehlo.broadcast_in_dim"(%80) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x4096xf32>
    %83 = "stablehlo.select"(%81, %arg32, %82) : (tensor<2x2x2x4096x4096xi1>, tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    "func.return"(%83, %81) : (tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x4096x256xf32>) -> (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>), res_attrs = [{}, {}, {}], sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg30: tensor<2x4096x256xf32>):
    %67 = "stablehlo.negate"(%arg30) : (tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %68 = "stablehlo.exponential"(%67) : (tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %69 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.broadcast_in_dim"(%69) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x256xf32>
    %71 = "stablehlo.add"(%70, %68) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %72 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %73 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x256xf32>
    %74 = "stablehlo.divide"(%73, %71) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %75 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %76 = "stablehlo.broadcast_in_dim"(%75) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x256xf32>
    %77 = "stablehlo.subtract"(%76, %74) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %78 = "stablehlo.multiply"(%74, %77) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %79 = "stablehlo.multiply"(%arg30, %74) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    "func.return"(%79, %78, %74) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x4096x128xf32>) -> (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>, tensor<2x4096x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg25: tensor<2x4096x128xf32>):
    %50 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%arg25, %50) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg28: tensor<f32>, %arg29: tensor<f32>):
      %66 = "stablehlo.maximum"(%arg28, %arg29) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%66) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x128xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %52 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %53 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096xf32>
    %54 = "stablehlo.maximum"(%53, %51) : (tensor<2x4096xf32>, tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %55 = "stablehlo.broadcast_in_dim"(%54) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %56 = "stablehlo.broadcast_in_dim"(%55) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x128xf32>
    %57 = "stablehlo.subtract"(%arg25, %56) : (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    %58 = "stablehlo.exponential"(%57) : (tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    %59 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %60 = "stablehlo.reduce"(%58, %59) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      %65 = "stablehlo.add"(%arg26, %arg27) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%65) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x128xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %61 = "stablehlo.broadcast_in_dim"(%60) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %62 = "stablehlo.log"(%61) : (tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4096x1xf32>) -> tensor<2x4096x128xf32>
    %64 = "stablehlo.subtract"(%57, %63) : (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    "func.return"(%64, %58, %61) : (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>, tensor<2x4096x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x4096x128xf32>, tensor<2x4096x1xi32>) -> (tensor<2x4096x1xf32>, tensor<2x4096x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg21: tensor<2x4096x128xf32>, %arg22: tensor<2x4096x1xi32>):
    %27 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4096x1xi32>
    %29 = "stablehlo.compare"(%arg22, %28) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x4096x1xi32>, tensor<2x4096x1xi32>) -> tensor<2x4096x1xi1>
    %30 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4096x1xi32>
    %32 = "stablehlo.add"(%arg22, %31) : (tensor<2x4096x1xi32>, tensor<2x4096x1xi32>) -> tensor<2x4096x1xi32>
    %33 = "stablehlo.select"(%29, %32, %arg22) : (tensor<2x4096x1xi1>, tensor<2x4096x1xi32>, tensor<2x4096x1xi32>) -> tensor<2x4096x1xi32>
    %34 = "stablehlo.reshape"(%33) : (tensor<2x4096x1xi32>) -> tensor<2x4096x1x1xi32>
    %35 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %36 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %37 = "stablehlo.broadcast_in_dim"(%36) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x4096x1x1xi32>
    %38 = "stablehlo.compare"(%34, %37) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x4096x1x1xi32>, tensor<2x4096x1x1xi32>) -> tensor<2x4096x1x1xi1>
    %39 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %40 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<2x4096x1x1xi32>
    %41 = "stablehlo.compare"(%34, %40) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x4096x1x1xi32>, tensor<2x4096x1x1xi32>) -> tensor<2x4096x1x1xi1>
    %42 = "stablehlo.and"(%38, %41) : (tensor<2x4096x1x1xi1>, tensor<2x4096x1x1xi1>) -> tensor<2x4096x1x1xi1>
    %43 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %44 = "stablehlo.reduce"(%42, %43) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg23: tensor<i1>, %arg24: tensor<i1>):
      %49 = "stablehlo.and"(%arg23, %arg24) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%49) : (tensor<i1>) -> ()
    }) : (tensor<2x4096x1x1xi1>, tensor<i1>) -> tensor<2x4096x1xi1>
    %45 = "stablehlo.gather"(%arg21, %34) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x4096x128xf32>, tensor<2x4096x1x1xi32>) -> tensor<2x4096x1xf32>
    %46 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x1xf32>
    %48 = "stablehlo.select"(%44, %45, %47) : (tensor<2x4096x1xi1>, tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    "func.return"(%48, %34) : (tensor<2x4096x1xf32>, tensor<2x4096x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x4096x1x1xi32>, tensor<2x4096x1xf32>) -> tensor<2x4096x128xf32>, res_attrs = [{}], sym_name = "take_along_axis_1", sym_visibility = "private"}> ({
  ^bb0(%arg17: tensor<2x4096x1x1xi32>, %arg18: tensor<2x4096x1xf32>):
    %23 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4096x128xf32>
    %25 = "stablehlo.scatter"(%24, %arg17, %arg18) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %26 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x128xf32>, tensor<2x4096x1x1xi32>, tensor<2x4096x1xf32>) -> tensor<2x4096x128xf32>
    "func.return"(%25) : (tensor<2x4096x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x4096x128xf32>, tensor<2x4096x1xf32>, tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>, res_attrs = [{}], sym_name = "log_softmax_2", sym_visibility = "private"}> ({
  ^bb0(%arg10: tensor<2x4096x128xf32>, %arg11: tensor<2x4096x1xf32>, %arg12: tensor<2x4096x128xf32>):
    %11 = "stablehlo.negate"(%arg12) : (tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%11, %12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %22 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%22) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x128xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<2x4096xf32>) -> tensor<2x4096x1xf32>
    %15 = "stablehlo.divide"(%14, %arg11) : (tensor<2x4096x1xf32>, tensor<2x4096x1xf32>) -> tensor<2x4096x1xf32>
    %16 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.reduce"(%15, %16) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %21 = "stablehlo.add"(%arg13, %arg14) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%21) : (tensor<f32>) -> ()
    }) : (tensor<2x4096x1xf32>, tensor<f32>) -> tensor<2x4096xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x4096xf32>) -> tensor<2x4096x128xf32>
    %19 = "stablehlo.multiply"(%18, %arg10) : (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    %20 = "stablehlo.add"(%arg12, %19) : (tensor<2x4096x128xf32>, tensor<2x4096x128xf32>) -> tensor<2x4096x128xf32>
    "func.return"(%20) : (tensor<2x4096x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>, res_attrs = [{}], sym_name = "silu_3", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<2x4096x256xf32>, %arg7: tensor<2x4096x256xf32>, %arg8: tensor<2x4096x256xf32>, %arg9: tensor<2x4096x256xf32>):
    %7 = "stablehlo.multiply"(%arg8, %arg9) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %8 = "stablehlo.multiply"(%arg9, %arg7) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %9 = "stablehlo.multiply"(%7, %arg6) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    %10 = "stablehlo.add"(%8, %9) : (tensor<2x4096x256xf32>, tensor<2x4096x256xf32>) -> tensor<2x4096x256xf32>
    "func.return"(%10) : (tensor<2x4096x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x2x2x4096x4096xi1>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>, res_attrs = [{}], sym_name = "_where_4", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<2x2x2x4096x4096xi1>, %arg5: tensor<2x2x2x4096x4096xf32>):
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x4096x4096xf32>
    %6 = "stablehlo.select"(%arg4, %arg5, %5) : (tensor<2x2x2x4096x4096xi1>, tensor<2x2x2x4096x4096xf32>, tensor<2x2x2x4096x4096xf32>) -> tensor<2x2x2x4096x4096xf32>
    "func.return"(%6) : (tensor<2x2x2x4096x4096xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x4096x1xi32>, tensor<2x4096x64xf32>) -> tensor<128x64xf32>, res_attrs = [{}], sym_name = "_take_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x4096x1xi32>, %arg1: tensor<2x4096x64xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %2 = "stablehlo.scatter"(%1, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<128x64xf32>, tensor<2x4096x1xi32>, tensor<2x4096x64xf32>) -> tensor<128x64xf32>
    "func.return"(%2) : (tensor<128x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
