module {
  func.func @f() {
    return ÿþ
  }
}
