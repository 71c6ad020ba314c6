// CnetLexer.g4 — tokens of the .cnet language (Python 3 lexical structure, Unicode identifiers).
//
// The grammar is target-neutral: no actions, no predicates. Layout is handled in C++ by
// compiler/lexer/indent_lexer.cc, which subclasses the generated lexer and turns the raw
// NEWLINE/WS/COMMENT stream into NEWLINE, INDENT and DEDENT tokens with real source positions.
// See Note [Layout tokens] in indent_lexer.h.
lexer grammar CnetLexer;

// Synthesized by IndentLexer; declared here (not in the parser) so the generated lexer knows them.
tokens { INDENT, DEDENT }

// ---- Keywords (before NAME so that they win ties) ----
FALSE    : 'False' ;
NONE     : 'None' ;
TRUE     : 'True' ;
AND      : 'and' ;
AS       : 'as' ;
ASSERT   : 'assert' ;
ASYNC    : 'async' ;
AWAIT    : 'await' ;
BREAK    : 'break' ;
CLASS    : 'class' ;
CONTINUE : 'continue' ;
DEF      : 'def' ;
DEL      : 'del' ;
ELIF     : 'elif' ;
ELSE     : 'else' ;
EXCEPT   : 'except' ;
FINALLY  : 'finally' ;
FOR      : 'for' ;
FROM     : 'from' ;
GLOBAL   : 'global' ;
IF       : 'if' ;
IMPORT   : 'import' ;
IN       : 'in' ;
IS       : 'is' ;
LAMBDA   : 'lambda' ;
NONLOCAL : 'nonlocal' ;
NOT      : 'not' ;
OR       : 'or' ;
PASS     : 'pass' ;
RAISE    : 'raise' ;
RETURN   : 'return' ;
TRY      : 'try' ;
WHILE    : 'while' ;
WITH     : 'with' ;
YIELD    : 'yield' ;

// ---- Literals ----
// One rule for every string form. Unterminated strings are lexed too (a short string stops at the end
// of the line, a triple-quoted one at EOF) so that IndentLexer can report them precisely; it rescans
// the text with compiler/lexer/string_literal.h to decide whether the closing quote is there.
// Prefixes (r, b, u, f and combinations) are lexed here and judged by the AST builder.
STRING
    : STRING_PREFIX? ( LONG_STRING_SQ | LONG_STRING_DQ | SHORT_STRING_SQ | SHORT_STRING_DQ )
    ;

FLOAT_NUMBER : POINT_FLOAT | EXPONENT_FLOAT ;

// Decimal integers may have leading zeros here; the AST builder rejects them with a diagnostic.
INTEGER : DECIMAL_INTEGER | HEX_INTEGER | OCT_INTEGER | BIN_INTEGER ;

// Python's identifiers (PEP 3131), compared as written: Python's NFKC normalization is not applied.
NAME : [\p{XID_Start}_] [\p{XID_Continue}]* ;

// ---- Layout (consumed by IndentLexer) ----
NEWLINE   : '\r'? '\n' | '\r' ;
WS        : [ \t\f]+ -> channel(HIDDEN) ;
COMMENT   : '#' ~[\r\n]* -> channel(HIDDEN) ;
LINE_JOIN : '\\' ( '\r'? '\n' | '\r' ) -> channel(HIDDEN) ;

// ---- Operators and delimiters (longest first where prefixes overlap) ----
ELLIPSIS           : '...' ;
DOT                : '.' ;
POWER_ASSIGN       : '**=' ;
IDIV_ASSIGN        : '//=' ;
LEFT_SHIFT_ASSIGN  : '<<=' ;
RIGHT_SHIFT_ASSIGN : '>>=' ;
POWER              : '**' ;
IDIV               : '//' ;
LEFT_SHIFT         : '<<' ;
RIGHT_SHIFT        : '>>' ;
ARROW              : '->' ;
WALRUS             : ':=' ;
EQUALS             : '==' ;
NOT_EQ             : '!=' ;
LT_EQ              : '<=' ;
GT_EQ              : '>=' ;
ADD_ASSIGN         : '+=' ;
SUB_ASSIGN         : '-=' ;
MULT_ASSIGN        : '*=' ;
AT_ASSIGN          : '@=' ;
DIV_ASSIGN         : '/=' ;
MOD_ASSIGN         : '%=' ;
AND_ASSIGN         : '&=' ;
OR_ASSIGN          : '|=' ;
XOR_ASSIGN         : '^=' ;
OPEN_PAREN         : '(' ;
CLOSE_PAREN        : ')' ;
OPEN_BRACK         : '[' ;
CLOSE_BRACK        : ']' ;
OPEN_BRACE         : '{' ;
CLOSE_BRACE        : '}' ;
COMMA              : ',' ;
COLON              : ':' ;
SEMI               : ';' ;
STAR               : '*' ;
DIV                : '/' ;
MOD                : '%' ;
ADD                : '+' ;
MINUS              : '-' ;
NOT_OP             : '~' ;
OR_OP              : '|' ;
XOR                : '^' ;
AND_OP             : '&' ;
AT                 : '@' ;
ASSIGN             : '=' ;
LESS_THAN          : '<' ;
GREATER_THAN       : '>' ;

// Anything else (e.g. '$', '?', a backtick, non-ASCII outside strings, a stray backslash) becomes one
// ERROR_CHAR token: IndentLexer reports it and drops it, so the lexer itself never fails.
ERROR_CHAR : . ;

// ---- Fragments ----
fragment STRING_PREFIX : [rRbBuUfF] | [rR] [bBfF] | [bBfF] [rR] ;

fragment SHORT_STRING_SQ : '\'' ( STRING_ESCAPE | ~[\\\r\n'] )* '\''? ;
fragment SHORT_STRING_DQ : '"' ( STRING_ESCAPE | ~[\\\r\n"] )* '"'? ;
// Non-greedy: stops at the first closing triple quote, or runs to EOF when there is none.
fragment LONG_STRING_SQ  : '\'\'\'' ( STRING_ESCAPE | . )*? ( '\'\'\'' | EOF ) ;
fragment LONG_STRING_DQ  : '"""' ( STRING_ESCAPE | . )*? ( '"""' | EOF ) ;
fragment STRING_ESCAPE   : '\\' ( '\r\n' | . ) ;

fragment DECIMAL_INTEGER : DIGIT ( '_'? DIGIT )* ;
fragment HEX_INTEGER     : '0' [xX] ( '_'? [0-9a-fA-F] )+ ;
fragment OCT_INTEGER     : '0' [oO] ( '_'? [0-7] )+ ;
fragment BIN_INTEGER     : '0' [bB] ( '_'? [01] )+ ;

fragment POINT_FLOAT    : DIGIT_PART? '.' DIGIT_PART | DIGIT_PART '.' ;
fragment EXPONENT_FLOAT : ( DIGIT_PART | POINT_FLOAT ) [eE] [+-]? DIGIT_PART ;
fragment DIGIT_PART     : DIGIT ( '_'? DIGIT )* ;
fragment DIGIT          : [0-9] ;
