"builtin.module"() <{sym_name = "jit_step"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {tf.aliasing_output = 1 : i32}, {tf.aliasing_output = 2 : i32}, {tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {tf.aliasing_output = 5 : i32}, {tf.aliasing_output = 6 : i32}, {tf.aliasing_output = 7 : i32}, {tf.aliasing_output = 8 : i32}, {tf.aliasing_output = 9 : i32}, {tf.aliasing_output = 10 : i32}, {tf.aliasing_output = 11 : i32}, {tf.aliasing_output = 12 : i32}, {tf.aliasing_output = 13 : i32}, {tf.aliasing_output = 14 : i32}, {tf.aliasing_output = 15 : i32}, {tf.aliasing_output = 16 : i32}, {tf.aliasing_output = 17 : i32}, {tf.aliasing_output = 18 : i32}, {tf.aliasing_output = 19 : i32}, {tf.aliasing_output = 20 : i32}, {}, {}], function_type = (tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<2x16xi32>, tensor<2x16xi32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['Block_0']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['w1']['kernel']"}, {jax.result_info = "result[0]['Block_0']['w2']['kernel']"}, {jax.result_info = "result[0]['Block_0']['w3']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wv']['kernel']"}, {jax.result_info = "result[0]['Block_1']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['w1']['kernel']"}, {jax.result_info = "result[0]['Block_1']['w2']['kernel']"}, {jax.result_info = "result[0]['Block_1']['w3']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wv']['kernel']"}, {jax.result_info = "result[0]['norm']['scale']"}, {jax.result_info = "result[0]['output']['kernel']"}, {jax.result_info = "result[0]['tok_embeddings']['embedding']"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg42: tensor<64xf32>, %arg43: tensor<64xf32>, %arg44: tensor<64x256xf32>, %arg45: tensor<256x64xf32>, %arg46: tensor<64x256xf32>, %arg47: tensor<64x64xf32>, %arg48: tensor<64x64xf32>, %arg49: tensor<64x64xf32>, %arg50: tensor<64x64xf32>, %arg51: tensor<64xf32>, %arg52: tensor<64xf32>, %arg53: tensor<64x256xf32>, %arg54: tensor<256x64xf32>, %arg55: tensor<64x256xf32>, %arg56: tensor<64x64xf32>, %arg57: tensor<64x64xf32>, %arg58: tensor<64x64xf32>, %arg59: tensor<64x64xf32>, %arg60: tensor<64xf32>, %arg61: tensor<64x256xf32>, %arg62: tensor<256x64xf32>, %arg63: tensor<2x16xi32>, %arg64: tensor<2x16xi32>):
    %118:2 = "func.call"(%arg62, %arg63) <{callee = @_take}> : (tensor<256x64xf32>, tensor<2x16xi32>) -> (tensor<2x16x64xf32>, tensor<2x16x1xi32>)
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
    %132 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xf32>
    %133 = "stablehlo.broadcast_in_dim"(%132) <{broadcast_dimensions = array<i64: 0>}> : (tensor<16xf32>) -> tensor<16x1xf32>
    %134 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1x8xf32>
    %135 = "stablehlo.broadcast_in_dim"(%133) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %136 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x8xf32>) -> tensor<16x8xf32>
    %137 = "stablehlo.multiply"(%135, %136) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %138 = "stablehlo.concatenate"(%137, %137) <{dimension = 1 : i64}> : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %139 = "stablehlo.cosine"(%138) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %140 = "stablehlo.sine"(%138) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %141 = "chlo.square"(%118#0) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %142 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %143 = "stablehlo.broadcast_in_dim"(%142) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %144 = "stablehlo.multiply"(%143, %118#0) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %145 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %146 = "stablehlo.reduce"(%141, %145) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg121: tensor<f32>, %arg122: tensor<f32>):
      %809 = "stablehlo.add"(%arg121, %arg122) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%809) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %147 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %148 = "stablehlo.broadcast_in_dim"(%147) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %149 = "stablehlo.divide"(%146, %148) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %150 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %151 = "stablehlo.broadcast_in_dim"(%150) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %152 = "stablehlo.broadcast_in_dim"(%151) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %153 = "stablehlo.broadcast_in_dim"(%149) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %154 = "stablehlo.broadcast_in_dim"(%152) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %155 = "stablehlo.subtract"(%118#0, %154) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %156 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %157 = "stablehlo.broadcast_in_dim"(%156) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %158 = "stablehlo.add"(%153, %157) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %159 = "stablehlo.rsqrt"(%158) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %160 = "stablehlo.divide"(%159, %158) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %161 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %162 = "stablehlo.broadcast_in_dim"(%161) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %163 = "stablehlo.multiply"(%162, %160) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %164 = "stablehlo.reshape"(%arg42) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %165 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %166 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %167 = "stablehlo.multiply"(%165, %166) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %168 = "stablehlo.multiply"(%155, %167) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %169 = "stablehlo.dot_general"(%168, %arg49) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %170 = "stablehlo.reshape"(%169) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %171 = "stablehlo.slice"(%170) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %172 = "stablehlo.slice"(%170) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %173 = "stablehlo.negate"(%172) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %174 = "stablehlo.concatenate"(%173, %171) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %175 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %176 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %177 = "stablehlo.multiply"(%170, %176) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %178 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %179 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %180 = "stablehlo.multiply"(%174, %179) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %181 = "stablehlo.add"(%177, %180) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %182 = "stablehlo.dot_general"(%168, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %183 = "stablehlo.reshape"(%182) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %184 = "stablehlo.slice"(%183) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %185 = "stablehlo.slice"(%183) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %186 = "stablehlo.negate"(%185) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %187 = "stablehlo.concatenate"(%186, %184) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %188 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %189 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %190 = "stablehlo.multiply"(%183, %189) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %191 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %192 = "stablehlo.broadcast_in_dim"(%191) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %193 = "stablehlo.multiply"(%187, %192) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %194 = "stablehlo.add"(%190, %193) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %195 = "stablehlo.dot_general"(%168, %arg50) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %196 = "stablehlo.reshape"(%195) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %197 = "stablehlo.dot_general"(%181, %194) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %198 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %199 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %200 = "stablehlo.divide"(%197, %199) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %201 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %202 = "stablehlo.broadcast_in_dim"(%201) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %203 = "func.call"(%202) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %204 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %205:2 = "func.call"(%203, %200, %204) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<2x4x16x16xf32>, tensor<f32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>)
    %206 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %207 = "stablehlo.reduce"(%205#0, %206) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg119: tensor<f32>, %arg120: tensor<f32>):
      %808 = "stablehlo.maximum"(%arg119, %arg120) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%808) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %208 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %209 = "stablehlo.broadcast_in_dim"(%208) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16xf32>
    %210 = "stablehlo.maximum"(%209, %207) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %211 = "stablehlo.broadcast_in_dim"(%210) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %212 = "stablehlo.broadcast_in_dim"(%211) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %213 = "stablehlo.subtract"(%205#0, %212) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %214 = "stablehlo.exponential"(%213) : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %215 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %216 = "stablehlo.reduce"(%214, %215) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg117: tensor<f32>, %arg118: tensor<f32>):
      %807 = "stablehlo.add"(%arg117, %arg118) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%807) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %217 = "stablehlo.broadcast_in_dim"(%216) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %218 = "stablehlo.broadcast_in_dim"(%217) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %219 = "stablehlo.divide"(%214, %218) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %220 = "stablehlo.multiply"(%217, %217) : (tensor<2x4x16x1xf32>, tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
    %221 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %222 = "stablehlo.broadcast_in_dim"(%221) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x1xf32>
    %223 = "stablehlo.divide"(%222, %220) : (tensor<2x4x16x1xf32>, tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
    %224 = "stablehlo.dot_general"(%196, %219) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x4x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %225 = "stablehlo.transpose"(%224) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %226 = "stablehlo.reshape"(%225) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %227 = "stablehlo.dot_general"(%226, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %228 = "stablehlo.add"(%118#0, %227) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %229 = "chlo.square"(%228) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %230 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %231 = "stablehlo.broadcast_in_dim"(%230) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %232 = "stablehlo.multiply"(%231, %228) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %233 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %234 = "stablehlo.reduce"(%229, %233) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg115: tensor<f32>, %arg116: tensor<f32>):
      %806 = "stablehlo.add"(%arg115, %arg116) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%806) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %235 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %236 = "stablehlo.broadcast_in_dim"(%235) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %237 = "stablehlo.divide"(%234, %236) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %238 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %239 = "stablehlo.broadcast_in_dim"(%238) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %240 = "stablehlo.broadcast_in_dim"(%239) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %241 = "stablehlo.broadcast_in_dim"(%237) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %242 = "stablehlo.broadcast_in_dim"(%240) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %243 = "stablehlo.subtract"(%228, %242) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %244 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %245 = "stablehlo.broadcast_in_dim"(%244) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %246 = "stablehlo.add"(%241, %245) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %247 = "stablehlo.rsqrt"(%246) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %248 = "stablehlo.divide"(%247, %246) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %249 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %250 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %251 = "stablehlo.multiply"(%250, %248) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %252 = "stablehlo.reshape"(%arg43) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %253 = "stablehlo.broadcast_in_dim"(%247) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %254 = "stablehlo.broadcast_in_dim"(%252) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %255 = "stablehlo.multiply"(%253, %254) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %256 = "stablehlo.multiply"(%243, %255) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %257 = "stablehlo.dot_general"(%256, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
    %258:3 = "func.call"(%257) <{callee = @silu}> : (tensor<2x16x256xf32>) -> (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>)
    %259 = "stablehlo.dot_general"(%256, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
    %260 = "stablehlo.multiply"(%258#0, %259) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %261 = "stablehlo.dot_general"(%260, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<256x64xf32>) -> tensor<2x16x64xf32>
    %262 = "stablehlo.add"(%228, %261) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %263 = "chlo.square"(%262) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %264 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %265 = "stablehlo.broadcast_in_dim"(%264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %266 = "stablehlo.multiply"(%265, %262) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %267 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %268 = "stablehlo.reduce"(%263, %267) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg113: tensor<f32>, %arg114: tensor<f32>):
      %805 = "stablehlo.add"(%arg113, %arg114) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%805) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %269 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %270 = "stablehlo.broadcast_in_dim"(%269) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %271 = "stablehlo.divide"(%268, %270) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %272 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %273 = "stablehlo.broadcast_in_dim"(%272) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %274 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %275 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %276 = "stablehlo.broadcast_in_dim"(%274) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %277 = "stablehlo.subtract"(%262, %276) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %278 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %279 = "stablehlo.broadcast_in_dim"(%278) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %280 = "stablehlo.add"(%275, %279) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %281 = "stablehlo.rsqrt"(%280) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %282 = "stablehlo.divide"(%281, %280) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %283 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %284 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %285 = "stablehlo.multiply"(%284, %282) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %286 = "stablehlo.reshape"(%arg51) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %287 = "stablehlo.broadcast_in_dim"(%281) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %288 = "stablehlo.broadcast_in_dim"(%286) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %289 = "stablehlo.multiply"(%287, %288) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %290 = "stablehlo.multiply"(%277, %289) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %291 = "stablehlo.dot_general"(%290, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %292 = "stablehlo.reshape"(%291) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %293 = "stablehlo.slice"(%292) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %294 = "stablehlo.slice"(%292) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %295 = "stablehlo.negate"(%294) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %296 = "stablehlo.concatenate"(%295, %293) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %297 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %298 = "stablehlo.broadcast_in_dim"(%297) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %299 = "stablehlo.multiply"(%292, %298) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %300 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %301 = "stablehlo.broadcast_in_dim"(%300) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %302 = "stablehlo.multiply"(%296, %301) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %303 = "stablehlo.add"(%299, %302) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %304 = "stablehlo.dot_general"(%290, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %305 = "stablehlo.reshape"(%304) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %306 = "stablehlo.slice"(%305) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %307 = "stablehlo.slice"(%305) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %308 = "stablehlo.negate"(%307) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %309 = "stablehlo.concatenate"(%308, %306) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %310 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %311 = "stablehlo.broadcast_in_dim"(%310) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %312 = "stablehlo.multiply"(%305, %311) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %313 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %314 = "stablehlo.broadcast_in_dim"(%313) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %315 = "stablehlo.multiply"(%309, %314) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %316 = "stablehlo.add"(%312, %315) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %317 = "stablehlo.dot_general"(%290, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %318 = "stablehlo.reshape"(%317) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %319 = "stablehlo.dot_general"(%303, %316) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %320 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %321 = "stablehlo.broadcast_in_dim"(%320) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %322 = "stablehlo.divide"(%319, %321) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %323 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %324 = "stablehlo.broadcast_in_dim"(%323) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %325 = "func.call"(%324) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %326 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %327:2 = "func.call"(%325, %322, %326) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<2x4x16x16xf32>, tensor<f32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>)
    %328 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %329 = "stablehlo.reduce"(%327#0, %328) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg111: tensor<f32>, %arg112: tensor<f32>):
      %804 = "stablehlo.maximum"(%arg111, %arg112) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%804) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %330 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %331 = "stablehlo.broadcast_in_dim"(%330) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16xf32>
    %332 = "stablehlo.maximum"(%331, %329) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %333 = "stablehlo.broadcast_in_dim"(%332) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %334 = "stablehlo.broadcast_in_dim"(%333) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %335 = "stablehlo.subtract"(%327#0, %334) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %336 = "stablehlo.exponential"(%335) : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %337 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %338 = "stablehlo.reduce"(%336, %337) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg109: tensor<f32>, %arg110: tensor<f32>):
      %803 = "stablehlo.add"(%arg109, %arg110) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%803) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %339 = "stablehlo.broadcast_in_dim"(%338) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %340 = "stablehlo.broadcast_in_dim"(%339) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %341 = "stablehlo.divide"(%336, %340) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %342 = "stablehlo.multiply"(%339, %339) : (tensor<2x4x16x1xf32>, tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
    %343 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %344 = "stablehlo.broadcast_in_dim"(%343) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x1xf32>
    %345 = "stablehlo.divide"(%344, %342) : (tensor<2x4x16x1xf32>, tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
    %346 = "stablehlo.dot_general"(%318, %341) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x4x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %347 = "stablehlo.transpose"(%346) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %348 = "stablehlo.reshape"(%347) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %349 = "stablehlo.dot_general"(%348, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %350 = "stablehlo.add"(%262, %349) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %351 = "chlo.square"(%350) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %352 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %353 = "stablehlo.broadcast_in_dim"(%352) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %354 = "stablehlo.multiply"(%353, %350) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %355 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %356 = "stablehlo.reduce"(%351, %355) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg107: tensor<f32>, %arg108: tensor<f32>):
      %802 = "stablehlo.add"(%arg107, %arg108) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%802) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %357 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %358 = "stablehlo.broadcast_in_dim"(%357) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %359 = "stablehlo.divide"(%356, %358) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %360 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %361 = "stablehlo.broadcast_in_dim"(%360) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %362 = "stablehlo.broadcast_in_dim"(%361) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %363 = "stablehlo.broadcast_in_dim"(%359) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %364 = "stablehlo.broadcast_in_dim"(%362) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %365 = "stablehlo.subtract"(%350, %364) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %366 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %367 = "stablehlo.broadcast_in_dim"(%366) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %368 = "stablehlo.add"(%363, %367) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %369 = "stablehlo.rsqrt"(%368) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %370 = "stablehlo.divide"(%369, %368) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %371 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %372 = "stablehlo.broadcast_in_dim"(%371) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %373 = "stablehlo.multiply"(%372, %370) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %374 = "stablehlo.reshape"(%arg52) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %375 = "stablehlo.broadcast_in_dim"(%369) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %376 = "stablehlo.broadcast_in_dim"(%374) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %377 = "stablehlo.multiply"(%375, %376) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %378 = "stablehlo.multiply"(%365, %377) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %379 = "stablehlo.dot_general"(%378, %arg53) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
    %380:3 = "func.call"(%379) <{callee = @silu}> : (tensor<2x16x256xf32>) -> (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>)
    %381 = "stablehlo.dot_general"(%378, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
    %382 = "stablehlo.multiply"(%380#0, %381) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %383 = "stablehlo.dot_general"(%382, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<256x64xf32>) -> tensor<2x16x64xf32>
    %384 = "stablehlo.add"(%350, %383) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %385 = "chlo.square"(%384) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %386 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %387 = "stablehlo.broadcast_in_dim"(%386) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %388 = "stablehlo.multiply"(%387, %384) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %389 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %390 = "stablehlo.reduce"(%385, %389) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg105: tensor<f32>, %arg106: tensor<f32>):
      %801 = "stablehlo.add"(%arg105, %arg106) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%801) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %391 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %392 = "stablehlo.broadcast_in_dim"(%391) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %393 = "stablehlo.divide"(%390, %392) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %394 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %395 = "stablehlo.broadcast_in_dim"(%394) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %396 = "stablehlo.broadcast_in_dim"(%395) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %397 = "stablehlo.broadcast_in_dim"(%393) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %398 = "stablehlo.broadcast_in_dim"(%396) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %399 = "stablehlo.subtract"(%384, %398) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %400 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %401 = "stablehlo.broadcast_in_dim"(%400) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %402 = "stablehlo.add"(%397, %401) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %403 = "stablehlo.rsqrt"(%402) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %404 = "stablehlo.divide"(%403, %402) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %405 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %406 = "stablehlo.broadcast_in_dim"(%405) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %407 = "stablehlo.multiply"(%406, %404) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %408 = "stablehlo.reshape"(%arg60) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %409 = "stablehlo.broadcast_in_dim"(%403) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %410 = "stablehlo.broadcast_in_dim"(%408) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %411 = "stablehlo.multiply"(%409, %410) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %412 = "stablehlo.multiply"(%399, %411) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %413 = "stablehlo.dot_general"(%412, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
    %414:3 = "func.call"(%413) <{callee = @log_softmax}> : (tensor<2x16x256xf32>) -> (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x1xf32>)
    %415 = "stablehlo.broadcast_in_dim"(%arg64) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %416:2 = "func.call"(%414#0, %415) <{callee = @take_along_axis}> : (tensor<2x16x256xf32>, tensor<2x16x1xi32>) -> (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>)
    %417 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %418 = "stablehlo.reduce"(%416#0, %417) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg103: tensor<f32>, %arg104: tensor<f32>):
      %800 = "stablehlo.add"(%arg103, %arg104) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%800) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<f32>
    %419 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %420 = "stablehlo.divide"(%418, %419) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %421 = "stablehlo.negate"(%420) : (tensor<f32>) -> tensor<f32>
    %422 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %423 = "stablehlo.negate"(%422) : (tensor<f32>) -> tensor<f32>
    %424 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %425 = "stablehlo.divide"(%423, %424) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %426 = "stablehlo.broadcast_in_dim"(%425) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %427 = "func.call"(%416#1, %426) <{callee = @take_along_axis_1}> : (tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x256xf32>
    %428 = "func.call"(%414#1, %414#2, %427) <{callee = @log_softmax_2}> : (tensor<2x16x256xf32>, tensor<2x16x1xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %429 = "stablehlo.dot_general"(%428, %412) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    %430 = "stablehlo.transpose"(%429) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %431 = "stablehlo.dot_general"(%428, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<64x256xf32>) -> tensor<2x16x64xf32>
    %432 = "stablehlo.multiply"(%399, %431) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %433 = "stablehlo.multiply"(%431, %411) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %434 = "stablehlo.broadcast_in_dim"(%403) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %435 = "stablehlo.multiply"(%434, %432) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %436 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %437 = "stablehlo.reduce"(%435, %436) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg101: tensor<f32>, %arg102: tensor<f32>):
      %799 = "stablehlo.add"(%arg101, %arg102) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%799) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %438 = "stablehlo.reshape"(%437) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %439 = "stablehlo.broadcast_in_dim"(%408) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %440 = "stablehlo.multiply"(%432, %439) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %441 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %442 = "stablehlo.reduce"(%440, %441) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg99: tensor<f32>, %arg100: tensor<f32>):
      %798 = "stablehlo.add"(%arg99, %arg100) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%798) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %443 = "stablehlo.reshape"(%442) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %444 = "stablehlo.reshape"(%438) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %445 = "stablehlo.multiply"(%443, %407) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %446 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %447 = "stablehlo.reduce"(%445, %446) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg97: tensor<f32>, %arg98: tensor<f32>):
      %797 = "stablehlo.add"(%arg97, %arg98) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%797) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %448 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %449 = "stablehlo.broadcast_in_dim"(%448) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %450 = "stablehlo.divide"(%447, %449) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %451 = "stablehlo.broadcast_in_dim"(%450) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %452 = "stablehlo.multiply"(%451, %388) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %453 = "stablehlo.add"(%433, %452) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %454 = "stablehlo.dot_general"(%453, %382) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x256xf32>) -> tensor<64x256xf32>
    %455 = "stablehlo.transpose"(%454) <{permutation = array<i64: 1, 0>}> : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %456 = "stablehlo.dot_general"(%453, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<256x64xf32>) -> tensor<2x16x256xf32>
    %457 = "stablehlo.multiply"(%380#0, %456) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %458 = "stablehlo.multiply"(%456, %381) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %459 = "stablehlo.dot_general"(%457, %378) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    %460 = "stablehlo.transpose"(%459) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %461 = "stablehlo.dot_general"(%457, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<64x256xf32>) -> tensor<2x16x64xf32>
    %462 = "func.call"(%380#1, %380#2, %379, %458) <{callee = @silu_3}> : (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %463 = "stablehlo.dot_general"(%462, %378) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    %464 = "stablehlo.transpose"(%463) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %465 = "stablehlo.dot_general"(%462, %arg53) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<64x256xf32>) -> tensor<2x16x64xf32>
    %466 = "stablehlo.add"(%461, %465) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %467 = "stablehlo.multiply"(%365, %466) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %468 = "stablehlo.multiply"(%466, %377) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %469 = "stablehlo.broadcast_in_dim"(%369) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %470 = "stablehlo.multiply"(%469, %467) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %471 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %472 = "stablehlo.reduce"(%470, %471) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg95: tensor<f32>, %arg96: tensor<f32>):
      %796 = "stablehlo.add"(%arg95, %arg96) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%796) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %473 = "stablehlo.reshape"(%472) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %474 = "stablehlo.broadcast_in_dim"(%374) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %475 = "stablehlo.multiply"(%467, %474) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %476 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %477 = "stablehlo.reduce"(%475, %476) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg93: tensor<f32>, %arg94: tensor<f32>):
      %795 = "stablehlo.add"(%arg93, %arg94) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%795) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %478 = "stablehlo.reshape"(%477) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %479 = "stablehlo.reshape"(%473) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %480 = "stablehlo.multiply"(%478, %373) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %481 = "stablehlo.add"(%453, %468) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %482 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %483 = "stablehlo.reduce"(%480, %482) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg91: tensor<f32>, %arg92: tensor<f32>):
      %794 = "stablehlo.add"(%arg91, %arg92) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%794) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %484 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %485 = "stablehlo.broadcast_in_dim"(%484) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %486 = "stablehlo.divide"(%483, %485) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %487 = "stablehlo.broadcast_in_dim"(%486) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %488 = "stablehlo.multiply"(%487, %354) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %489 = "stablehlo.add"(%481, %488) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %490 = "stablehlo.dot_general"(%489, %348) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %491 = "stablehlo.transpose"(%490) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %492 = "stablehlo.dot_general"(%489, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %493 = "stablehlo.reshape"(%492) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %494 = "stablehlo.transpose"(%493) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %495 = "stablehlo.dot_general"(%494, %318) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %496 = "stablehlo.dot_general"(%494, %341) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %497 = "stablehlo.transpose"(%496) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %498 = "stablehlo.broadcast_in_dim"(%345) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %499 = "stablehlo.multiply"(%495, %498) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %500 = "stablehlo.multiply"(%499, %336) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %501 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %502 = "stablehlo.reduce"(%500, %501) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg89: tensor<f32>, %arg90: tensor<f32>):
      %793 = "stablehlo.add"(%arg89, %arg90) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%793) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %503 = "stablehlo.reshape"(%502) : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %504 = "stablehlo.negate"(%503) : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
    %505 = "stablehlo.broadcast_in_dim"(%339) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %506 = "stablehlo.divide"(%495, %505) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %507 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %508 = "stablehlo.reduce"(%504, %507) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg87: tensor<f32>, %arg88: tensor<f32>):
      %792 = "stablehlo.add"(%arg87, %arg88) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%792) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x1xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %509 = "stablehlo.broadcast_in_dim"(%508) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4x16xf32>) -> tensor<2x4x16x16xf32>
    %510 = "stablehlo.add"(%506, %509) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %511 = "stablehlo.multiply"(%510, %336) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %512 = "func.call"(%327#1, %511) <{callee = @_where_4}> : (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %513 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %514 = "stablehlo.broadcast_in_dim"(%513) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %515 = "stablehlo.divide"(%512, %514) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %516 = "stablehlo.dot_general"(%515, %303) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %517 = "stablehlo.transpose"(%516) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %518 = "stablehlo.dot_general"(%515, %316) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %519 = "stablehlo.transpose"(%518) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %520 = "stablehlo.reshape"(%497) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %521 = "stablehlo.dot_general"(%520, %290) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %522 = "stablehlo.transpose"(%521) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %523 = "stablehlo.dot_general"(%520, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %524 = "stablehlo.broadcast_in_dim"(%313) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %525 = "stablehlo.multiply"(%517, %524) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %526 = "stablehlo.broadcast_in_dim"(%310) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %527 = "stablehlo.multiply"(%517, %526) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %528 = "stablehlo.slice"(%525) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %529 = "stablehlo.slice"(%525) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %530 = "stablehlo.negate"(%528) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %531 = "stablehlo.concatenate"(%529, %530) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %532 = "stablehlo.add"(%527, %531) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %533 = "stablehlo.reshape"(%532) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %534 = "stablehlo.dot_general"(%533, %290) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %535 = "stablehlo.transpose"(%534) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %536 = "stablehlo.dot_general"(%533, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %537 = "stablehlo.add"(%523, %536) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %538 = "stablehlo.broadcast_in_dim"(%300) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %539 = "stablehlo.multiply"(%519, %538) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %540 = "stablehlo.broadcast_in_dim"(%297) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %541 = "stablehlo.multiply"(%519, %540) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %542 = "stablehlo.slice"(%539) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %543 = "stablehlo.slice"(%539) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %544 = "stablehlo.negate"(%542) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %545 = "stablehlo.concatenate"(%543, %544) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %546 = "stablehlo.add"(%541, %545) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %547 = "stablehlo.reshape"(%546) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %548 = "stablehlo.dot_general"(%547, %290) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %549 = "stablehlo.transpose"(%548) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %550 = "stablehlo.dot_general"(%547, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %551 = "stablehlo.add"(%537, %550) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %552 = "stablehlo.multiply"(%277, %551) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %553 = "stablehlo.multiply"(%551, %289) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %554 = "stablehlo.broadcast_in_dim"(%281) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %555 = "stablehlo.multiply"(%554, %552) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %556 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %557 = "stablehlo.reduce"(%555, %556) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg85: tensor<f32>, %arg86: tensor<f32>):
      %791 = "stablehlo.add"(%arg85, %arg86) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%791) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %558 = "stablehlo.reshape"(%557) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %559 = "stablehlo.broadcast_in_dim"(%286) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %560 = "stablehlo.multiply"(%552, %559) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %561 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %562 = "stablehlo.reduce"(%560, %561) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg83: tensor<f32>, %arg84: tensor<f32>):
      %790 = "stablehlo.add"(%arg83, %arg84) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%790) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %563 = "stablehlo.reshape"(%562) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %564 = "stablehlo.reshape"(%558) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %565 = "stablehlo.multiply"(%563, %285) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %566 = "stablehlo.add"(%489, %553) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %567 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %568 = "stablehlo.reduce"(%565, %567) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg81: tensor<f32>, %arg82: tensor<f32>):
      %789 = "stablehlo.add"(%arg81, %arg82) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%789) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %569 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %570 = "stablehlo.broadcast_in_dim"(%569) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %571 = "stablehlo.divide"(%568, %570) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %572 = "stablehlo.broadcast_in_dim"(%571) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %573 = "stablehlo.multiply"(%572, %266) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %574 = "stablehlo.add"(%566, %573) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %575 = "stablehlo.dot_general"(%574, %260) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x256xf32>) -> tensor<64x256xf32>
    %576 = "stablehlo.transpose"(%575) <{permutation = array<i64: 1, 0>}> : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %577 = "stablehlo.dot_general"(%574, %arg45) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<256x64xf32>) -> tensor<2x16x256xf32>
    %578 = "stablehlo.multiply"(%258#0, %577) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %579 = "stablehlo.multiply"(%577, %259) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %580 = "stablehlo.dot_general"(%578, %256) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    %581 = "stablehlo.transpose"(%580) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %582 = "stablehlo.dot_general"(%578, %arg46) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<64x256xf32>) -> tensor<2x16x64xf32>
    %583 = "func.call"(%258#1, %258#2, %257, %579) <{callee = @silu_3}> : (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %584 = "stablehlo.dot_general"(%583, %256) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    %585 = "stablehlo.transpose"(%584) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %586 = "stablehlo.dot_general"(%583, %arg44) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x256xf32>, tensor<64x256xf32>) -> tensor<2x16x64xf32>
    %587 = "stablehlo.add"(%582, %586) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %588 = "stablehlo.multiply"(%243, %587) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %589 = "stablehlo.multiply"(%587, %255) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %590 = "stablehlo.broadcast_in_dim"(%247) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %591 = "stablehlo.multiply"(%590, %588) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %592 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %593 = "stablehlo.reduce"(%591, %592) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg79: tensor<f32>, %arg80: tensor<f32>):
      %788 = "stablehlo.add"(%arg79, %arg80) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%788) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %594 = "stablehlo.reshape"(%593) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %595 = "stablehlo.broadcast_in_dim"(%252) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %596 = "stablehlo.multiply"(%588, %595) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %597 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %598 = "stablehlo.reduce"(%596, %597) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg77: tensor<f32>, %arg78: tensor<f32>):
      %787 = "stablehlo.add"(%arg77, %arg78) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%787) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %599 = "stablehlo.reshape"(%598) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %600 = "stablehlo.reshape"(%594) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %601 = "stablehlo.multiply"(%599, %251) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %602 = "stablehlo.add"(%574, %589) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %603 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %604 = "stablehlo.reduce"(%601, %603) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg75: tensor<f32>, %arg76: tensor<f32>):
      %786 = "stablehlo.add"(%arg75, %arg76) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%786) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %605 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %606 = "stablehlo.broadcast_in_dim"(%605) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %607 = "stablehlo.divide"(%604, %606) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %608 = "stablehlo.broadcast_in_dim"(%607) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %609 = "stablehlo.multiply"(%608, %232) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %610 = "stablehlo.add"(%602, %609) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %611 = "stablehlo.dot_general"(%610, %226) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %612 = "stablehlo.transpose"(%611) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %613 = "stablehlo.dot_general"(%610, %arg48) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %614 = "stablehlo.reshape"(%613) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %615 = "stablehlo.transpose"(%614) <{permutation = array<i64: 0, 2, 3, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %616 = "stablehlo.dot_general"(%615, %196) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %617 = "stablehlo.dot_general"(%615, %219) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %618 = "stablehlo.transpose"(%617) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %619 = "stablehlo.broadcast_in_dim"(%223) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %620 = "stablehlo.multiply"(%616, %619) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %621 = "stablehlo.multiply"(%620, %214) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %622 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %623 = "stablehlo.reduce"(%621, %622) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg73: tensor<f32>, %arg74: tensor<f32>):
      %785 = "stablehlo.add"(%arg73, %arg74) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%785) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %624 = "stablehlo.reshape"(%623) : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %625 = "stablehlo.negate"(%624) : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
    %626 = "stablehlo.broadcast_in_dim"(%217) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %627 = "stablehlo.divide"(%616, %626) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %628 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %629 = "stablehlo.reduce"(%625, %628) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg71: tensor<f32>, %arg72: tensor<f32>):
      %784 = "stablehlo.add"(%arg71, %arg72) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%784) : (tensor<f32>) -> ()
    }) : (tensor<2x4x16x1xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %630 = "stablehlo.broadcast_in_dim"(%629) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x4x16xf32>) -> tensor<2x4x16x16xf32>
    %631 = "stablehlo.add"(%627, %630) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %632 = "stablehlo.multiply"(%631, %214) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %633 = "func.call"(%205#1, %632) <{callee = @_where_4}> : (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %634 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %635 = "stablehlo.broadcast_in_dim"(%634) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %636 = "stablehlo.divide"(%633, %635) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %637 = "stablehlo.dot_general"(%636, %181) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %638 = "stablehlo.transpose"(%637) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %639 = "stablehlo.dot_general"(%636, %194) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x4x16x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x16x16xf32>
    %640 = "stablehlo.transpose"(%639) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x4x16x16xf32>) -> tensor<2x16x4x16xf32>
    %641 = "stablehlo.reshape"(%618) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %642 = "stablehlo.dot_general"(%641, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %643 = "stablehlo.transpose"(%642) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %644 = "stablehlo.dot_general"(%641, %arg50) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %645 = "stablehlo.broadcast_in_dim"(%191) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %646 = "stablehlo.multiply"(%638, %645) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %647 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %648 = "stablehlo.multiply"(%638, %647) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %649 = "stablehlo.slice"(%646) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %650 = "stablehlo.slice"(%646) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %651 = "stablehlo.negate"(%649) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %652 = "stablehlo.concatenate"(%650, %651) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %653 = "stablehlo.add"(%648, %652) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %654 = "stablehlo.reshape"(%653) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %655 = "stablehlo.dot_general"(%654, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %656 = "stablehlo.transpose"(%655) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %657 = "stablehlo.dot_general"(%654, %arg47) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %658 = "stablehlo.add"(%644, %657) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %659 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %660 = "stablehlo.multiply"(%640, %659) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %661 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %662 = "stablehlo.multiply"(%640, %661) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %663 = "stablehlo.slice"(%660) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %664 = "stablehlo.slice"(%660) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %665 = "stablehlo.negate"(%663) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %666 = "stablehlo.concatenate"(%664, %665) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %667 = "stablehlo.add"(%662, %666) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %668 = "stablehlo.reshape"(%667) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %669 = "stablehlo.dot_general"(%668, %168) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %670 = "stablehlo.transpose"(%669) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %671 = "stablehlo.dot_general"(%668, %arg49) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %672 = "stablehlo.add"(%658, %671) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %673 = "stablehlo.multiply"(%155, %672) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %674 = "stablehlo.multiply"(%672, %167) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %675 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %676 = "stablehlo.multiply"(%675, %673) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %677 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %678 = "stablehlo.reduce"(%676, %677) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg69: tensor<f32>, %arg70: tensor<f32>):
      %783 = "stablehlo.add"(%arg69, %arg70) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%783) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %679 = "stablehlo.reshape"(%678) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %680 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %681 = "stablehlo.multiply"(%673, %680) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %682 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %683 = "stablehlo.reduce"(%681, %682) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg67: tensor<f32>, %arg68: tensor<f32>):
      %782 = "stablehlo.add"(%arg67, %arg68) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%782) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %684 = "stablehlo.reshape"(%683) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %685 = "stablehlo.reshape"(%679) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %686 = "stablehlo.multiply"(%684, %163) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %687 = "stablehlo.add"(%610, %674) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %688 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %689 = "stablehlo.reduce"(%686, %688) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg65: tensor<f32>, %arg66: tensor<f32>):
      %781 = "stablehlo.add"(%arg65, %arg66) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%781) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %690 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %691 = "stablehlo.broadcast_in_dim"(%690) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %692 = "stablehlo.divide"(%689, %691) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %693 = "stablehlo.broadcast_in_dim"(%692) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %694 = "stablehlo.multiply"(%693, %144) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %695 = "stablehlo.add"(%687, %694) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %696 = "func.call"(%118#1, %695) <{callee = @_take_5}> : (tensor<2x16x1xi32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    %697 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %698 = "stablehlo.broadcast_in_dim"(%697) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %699 = "stablehlo.multiply"(%698, %685) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %700 = "stablehlo.subtract"(%arg42, %699) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %701 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %702 = "stablehlo.broadcast_in_dim"(%701) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %703 = "stablehlo.multiply"(%702, %600) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %704 = "stablehlo.subtract"(%arg43, %703) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %705 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %706 = "stablehlo.broadcast_in_dim"(%705) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %707 = "stablehlo.multiply"(%706, %585) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %708 = "stablehlo.subtract"(%arg44, %707) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %709 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %710 = "stablehlo.broadcast_in_dim"(%709) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %711 = "stablehlo.multiply"(%710, %576) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %712 = "stablehlo.subtract"(%arg45, %711) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %713 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %714 = "stablehlo.broadcast_in_dim"(%713) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %715 = "stablehlo.multiply"(%714, %581) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %716 = "stablehlo.subtract"(%arg46, %715) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %717 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %718 = "stablehlo.broadcast_in_dim"(%717) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %719 = "stablehlo.multiply"(%718, %656) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %720 = "stablehlo.subtract"(%arg47, %719) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %721 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %722 = "stablehlo.broadcast_in_dim"(%721) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %723 = "stablehlo.multiply"(%722, %612) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %724 = "stablehlo.subtract"(%arg48, %723) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %725 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %726 = "stablehlo.broadcast_in_dim"(%725) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %727 = "stablehlo.multiply"(%726, %670) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %728 = "stablehlo.subtract"(%arg49, %727) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %729 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %730 = "stablehlo.broadcast_in_dim"(%729) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %731 = "stablehlo.multiply"(%730, %643) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %732 = "stablehlo.subtract"(%arg50, %731) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %733 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %734 = "stablehlo.broadcast_in_dim"(%733) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %735 = "stablehlo.multiply"(%734, %564) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %736 = "stablehlo.subtract"(%arg51, %735) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %737 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %738 = "stablehlo.broadcast_in_dim"(%737) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %739 = "stablehlo.multiply"(%738, %479) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %740 = "stablehlo.subtract"(%arg52, %739) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %741 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %742 = "stablehlo.broadcast_in_dim"(%741) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %743 = "stablehlo.multiply"(%742, %464) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %744 = "stablehlo.subtract"(%arg53, %743) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %745 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %746 = "stablehlo.broadcast_in_dim"(%745) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %747 = "stablehlo.multiply"(%746, %455) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %748 = "stablehlo.subtract"(%arg54, %747) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %749 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %750 = "stablehlo.broadcast_in_dim"(%749) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %751 = "stablehlo.multiply"(%750, %460) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %752 = "stablehlo.subtract"(%arg55, %751) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %753 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %754 = "stablehlo.broadcast_in_dim"(%753) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %755 = "stablehlo.multiply"(%754, %535) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %756 = "stablehlo.subtract"(%arg56, %755) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %757 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %758 = "stablehlo.broadcast_in_dim"(%757) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %759 = "stablehlo.multiply"(%758, %491) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %760 = "stablehlo.subtract"(%arg57, %759) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %761 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %762 = "stablehlo.broadcast_in_dim"(%761) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %763 = "stablehlo.multiply"(%762, %549) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %764 = "stablehlo.subtract"(%arg58, %763) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %765 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %766 = "stablehlo.broadcast_in_dim"(%765) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %767 = "stablehlo.multiply"(%766, %522) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %768 = "stablehlo.subtract"(%arg59, %767) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %769 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %770 = "stablehlo.broadcast_in_dim"(%769) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %771 = "stablehlo.multiply"(%770, %444) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %772 = "stablehlo.subtract"(%arg60, %771) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %773 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %774 = "stablehlo.broadcast_in_dim"(%773) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x256xf32>
    %775 = "stablehlo.multiply"(%774, %430) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %776 = "stablehlo.subtract"(%arg61, %775) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
    %777 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %778 = "stablehlo.broadcast_in_dim"(%777) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %779 = "stablehlo.multiply"(%778, %696) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    %780 = "stablehlo.subtract"(%arg62, %779) : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xf32>
    "func.return"(%700, %704, %708, %712, %716, %720, %724, %728, %732, %736, %740, %744, %748, %752, %756, %760, %764, %768, %772, %776, %780, %421) : (tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<256x64xf32>, tensor<2x16xi32>) -> (tensor<2x16x64xf32>, tensor<2x16x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg38: tensor<256x64xf32>, %arg39: tensor<2x16xi32>):
    %94 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %95 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16xi32>
    %96 = "stablehlo.compare"(%arg39, %95) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi1>
    %97 = "stablehlo.constant"() <{value = dense<256> : tensor<i32>}> : () -> tensor<i32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16xi32>
    %99 = "stablehlo.add"(%arg39, %98) : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %100 = "func.call"(%96, %99, %arg39) <{callee = @_where}> : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %101 = "stablehlo.broadcast_in_dim"(%100) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %102 = "stablehlo.constant"() <{value = dense<255> : tensor<1xi32>}> : () -> tensor<1xi32>
    %103 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1xi32>
    %105 = "stablehlo.compare"(%101, %104) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %106 = "stablehlo.broadcast_in_dim"(%102) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %107 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<2x16x1xi32>
    %108 = "stablehlo.compare"(%101, %107) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %109 = "stablehlo.and"(%105, %108) : (tensor<2x16x1xi1>, tensor<2x16x1xi1>) -> tensor<2x16x1xi1>
    %110 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %111 = "stablehlo.reduce"(%109, %110) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg40: tensor<i1>, %arg41: tensor<i1>):
      %117 = "stablehlo.and"(%arg40, %arg41) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%117) : (tensor<i1>) -> ()
    }) : (tensor<2x16x1xi1>, tensor<i1>) -> tensor<2x16xi1>
    %112 = "stablehlo.gather"(%arg38, %101) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<2x16x1xi32>) -> tensor<2x16x64xf32>
    %113 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xi1>) -> tensor<2x16x64xi1>
    %114 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %115 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %116 = "stablehlo.select"(%113, %112, %115) : (tensor<2x16x64xi1>, tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    "func.return"(%116, %101) : (tensor<2x16x64xf32>, tensor<2x16x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg35: tensor<2x16xi1>, %arg36: tensor<2x16xi32>, %arg37: tensor<2x16xi32>):
    %93 = "stablehlo.select"(%arg35, %arg36, %arg37) : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    "func.return"(%93) : (tensor<2x16xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<16x16xi1>) -> tensor<16x16xi1>, res_attrs = [{}], sym_name = "tril", sym_visibility = "private"}> ({
  ^bb0(%arg34: tensor<16x16xi1>):
    %84 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16x16xi32>
    %85 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %86 = "stablehlo.broadcast_in_dim"(%85) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<16x16xi32>
    %87 = "stablehlo.add"(%84, %86) : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
    %88 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<16x16xi32>
    %89 = "stablehlo.compare"(%87, %88) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %90 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %91 = "stablehlo.broadcast_in_dim"(%90) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %92 = "stablehlo.select"(%89, %arg34, %91) : (tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>) -> tensor<16x16xi1>
    "func.return"(%92) : (tensor<16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<16x16xi1>, tensor<2x4x16x16xf32>, tensor<f32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg31: tensor<16x16xi1>, %arg32: tensor<2x4x16x16xf32>, %arg33: tensor<f32>):
    %80 = "stablehlo.convert"(%arg33) : (tensor<f32>) -> tensor<f32>
    %81 = "stablehlo.broadcast_in_dim"(%arg31) <{broadcast_dimensions = array<i64: 2, 3>}> : (tensor<16x16xi1>) -> tensor<2x4x16x16xi1>
    %82 = "stablehlo.broadcast_in_dim"(%80) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %83 = "stablehlo.select"(%81, %arg32, %82) : (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    "func.return"(%83, %81) : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x16x256xf32>) -> (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>), res_attrs = [{}, {}, {}], sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg30: tensor<2x16x256xf32>):
    %67 = "stablehlo.negate"(%arg30) : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %68 = "stablehlo.exponential"(%67) : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %69 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.broadcast_in_dim"(%69) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x256xf32>
    %71 = "stablehlo.add"(%70, %68) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %72 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %73 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x256xf32>
    %74 = "stablehlo.divide"(%73, %71) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %75 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %76 = "stablehlo.broadcast_in_dim"(%75) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x256xf32>
    %77 = "stablehlo.subtract"(%76, %74) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %78 = "stablehlo.multiply"(%74, %77) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %79 = "stablehlo.multiply"(%arg30, %74) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    "func.return"(%79, %78, %74) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x16x256xf32>) -> (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg25: tensor<2x16x256xf32>):
    %50 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%arg25, %50) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg28: tensor<f32>, %arg29: tensor<f32>):
      %66 = "stablehlo.maximum"(%arg28, %arg29) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%66) : (tensor<f32>) -> ()
    }) : (tensor<2x16x256xf32>, tensor<f32>) -> tensor<2x16xf32>
    %52 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %53 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %54 = "stablehlo.maximum"(%53, %51) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %55 = "stablehlo.broadcast_in_dim"(%54) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %56 = "stablehlo.broadcast_in_dim"(%55) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x256xf32>
    %57 = "stablehlo.subtract"(%arg25, %56) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %58 = "stablehlo.exponential"(%57) : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %59 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %60 = "stablehlo.reduce"(%58, %59) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      %65 = "stablehlo.add"(%arg26, %arg27) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%65) : (tensor<f32>) -> ()
    }) : (tensor<2x16x256xf32>, tensor<f32>) -> tensor<2x16xf32>
    %61 = "stablehlo.broadcast_in_dim"(%60) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %62 = "stablehlo.log"(%61) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x256xf32>
    %64 = "stablehlo.subtract"(%57, %63) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    "func.return"(%64, %58, %61) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x16x256xf32>, tensor<2x16x1xi32>) -> (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg21: tensor<2x16x256xf32>, %arg22: tensor<2x16x1xi32>):
    %27 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1xi32>
    %29 = "stablehlo.compare"(%arg22, %28) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %30 = "stablehlo.constant"() <{value = dense<256> : tensor<i32>}> : () -> tensor<i32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1xi32>
    %32 = "stablehlo.add"(%arg22, %31) : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi32>
    %33 = "stablehlo.select"(%29, %32, %arg22) : (tensor<2x16x1xi1>, tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi32>
    %34 = "stablehlo.reshape"(%33) : (tensor<2x16x1xi32>) -> tensor<2x16x1x1xi32>
    %35 = "stablehlo.constant"() <{value = dense<255> : tensor<1xi32>}> : () -> tensor<1xi32>
    %36 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %37 = "stablehlo.broadcast_in_dim"(%36) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1x1xi32>
    %38 = "stablehlo.compare"(%34, %37) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x16x1x1xi32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1x1xi1>
    %39 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %40 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<2x16x1x1xi32>
    %41 = "stablehlo.compare"(%34, %40) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x16x1x1xi32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1x1xi1>
    %42 = "stablehlo.and"(%38, %41) : (tensor<2x16x1x1xi1>, tensor<2x16x1x1xi1>) -> tensor<2x16x1x1xi1>
    %43 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %44 = "stablehlo.reduce"(%42, %43) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg23: tensor<i1>, %arg24: tensor<i1>):
      %49 = "stablehlo.and"(%arg23, %arg24) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%49) : (tensor<i1>) -> ()
    }) : (tensor<2x16x1x1xi1>, tensor<i1>) -> tensor<2x16x1xi1>
    %45 = "stablehlo.gather"(%arg21, %34) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x16x256xf32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1xf32>
    %46 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %48 = "stablehlo.select"(%44, %45, %47) : (tensor<2x16x1xi1>, tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    "func.return"(%48, %34) : (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x256xf32>, res_attrs = [{}], sym_name = "take_along_axis_1", sym_visibility = "private"}> ({
  ^bb0(%arg17: tensor<2x16x1x1xi32>, %arg18: tensor<2x16x1xf32>):
    %23 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x256xf32>
    %25 = "stablehlo.scatter"(%24, %arg17, %arg18) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %26 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<2x16x256xf32>, tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x256xf32>
    "func.return"(%25) : (tensor<2x16x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x16x256xf32>, tensor<2x16x1xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>, res_attrs = [{}], sym_name = "log_softmax_2", sym_visibility = "private"}> ({
  ^bb0(%arg10: tensor<2x16x256xf32>, %arg11: tensor<2x16x1xf32>, %arg12: tensor<2x16x256xf32>):
    %11 = "stablehlo.negate"(%arg12) : (tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%11, %12) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %22 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%22) : (tensor<f32>) -> ()
    }) : (tensor<2x16x256xf32>, tensor<f32>) -> tensor<2x16xf32>
    %14 = "stablehlo.reshape"(%13) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %15 = "stablehlo.divide"(%14, %arg11) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %16 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.reduce"(%15, %16) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %21 = "stablehlo.add"(%arg13, %arg14) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%21) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x256xf32>
    %19 = "stablehlo.multiply"(%18, %arg10) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %20 = "stablehlo.add"(%arg12, %19) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    "func.return"(%20) : (tensor<2x16x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>, res_attrs = [{}], sym_name = "silu_3", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<2x16x256xf32>, %arg7: tensor<2x16x256xf32>, %arg8: tensor<2x16x256xf32>, %arg9: tensor<2x16x256xf32>):
    %7 = "stablehlo.multiply"(%arg8, %arg9) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %8 = "stablehlo.multiply"(%arg9, %arg7) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %9 = "stablehlo.multiply"(%7, %arg6) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    %10 = "stablehlo.add"(%8, %9) : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
    "func.return"(%10) : (tensor<2x16x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>, res_attrs = [{}], sym_name = "_where_4", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<2x4x16x16xi1>, %arg5: tensor<2x4x16x16xf32>):
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %6 = "stablehlo.select"(%arg4, %arg5, %5) : (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    "func.return"(%6) : (tensor<2x4x16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x16x1xi32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>, res_attrs = [{}], sym_name = "_take_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x16x1xi32>, %arg1: tensor<2x16x64xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x64xf32>
    %2 = "stablehlo.scatter"(%1, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<256x64xf32>, tensor<2x16x1xi32>, tensor<2x16x64xf32>) -> tensor<256x64xf32>
    "func.return"(%2) : (tensor<256x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
