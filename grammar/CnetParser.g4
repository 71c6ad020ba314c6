// CnetParser.g4 — syntax of the .cnet language: Python 3 statements and expressions.
//
// The parser accepts more than the compiler supports (lambda, yield, try, global, async, ...):
// unsupported constructs parse into the AST so that later stages can reject them with a message
// that says what to write instead, rather than a bare syntax error.
//
// Rule names are snake_case and map one-to-one onto the Build<Rule> methods of
// compiler/ast/ast_builder*.cc, which quote each rule in a `///` comment.
parser grammar CnetParser;

options { tokenVocab = CnetLexer; }

// ---- Entry points ----

file_input : ( NEWLINE | stmt )* EOF ;

// The expression inside an f-string replacement field, parsed separately by the AST builder.
fstring_field : testlist EOF ;

// ---- Statements ----

stmt : simple_stmts | compound_stmt ;

simple_stmts : simple_stmt ( SEMI simple_stmt )* SEMI? NEWLINE ;

simple_stmt
    : expr_stmt
    | del_stmt
    | pass_stmt
    | break_stmt
    | continue_stmt
    | return_stmt
    | raise_stmt
    | yield_stmt
    | global_stmt
    | nonlocal_stmt
    | assert_stmt
    | import_name
    | import_from
    ;

// Expression statement, assignment chain, annotated or augmented assignment.
expr_stmt
    : testlist_star_expr
      ( annassign
      | augassign ( yield_expr | testlist )
      | ( ASSIGN ( yield_expr | testlist_star_expr ) )*
      )
    ;

annassign : COLON test ( ASSIGN ( yield_expr | testlist_star_expr ) )? ;

augassign
    : ADD_ASSIGN | SUB_ASSIGN | MULT_ASSIGN | AT_ASSIGN | DIV_ASSIGN | MOD_ASSIGN | AND_ASSIGN
    | OR_ASSIGN | XOR_ASSIGN | LEFT_SHIFT_ASSIGN | RIGHT_SHIFT_ASSIGN | POWER_ASSIGN | IDIV_ASSIGN
    ;

del_stmt      : DEL exprlist ;
pass_stmt     : PASS ;
break_stmt    : BREAK ;
continue_stmt : CONTINUE ;
return_stmt   : RETURN testlist_star_expr? ;
raise_stmt    : RAISE ( test ( FROM test )? )? ;
yield_stmt    : yield_expr ;
global_stmt   : GLOBAL NAME ( COMMA NAME )* ;
nonlocal_stmt : NONLOCAL NAME ( COMMA NAME )* ;
assert_stmt   : ASSERT test ( COMMA test )? ;

import_name     : IMPORT dotted_as_name ( COMMA dotted_as_name )* ;
dotted_as_name  : dotted_name ( AS NAME )? ;
import_from     : FROM import_module IMPORT import_targets ;
import_module   : ( DOT | ELLIPSIS )* dotted_name | ( DOT | ELLIPSIS )+ ;
import_targets  : STAR | OPEN_PAREN import_as_names COMMA? CLOSE_PAREN | import_as_names ;
import_as_names : import_as_name ( COMMA import_as_name )* ;
import_as_name  : NAME ( AS NAME )? ;
dotted_name     : NAME ( DOT NAME )* ;

compound_stmt
    : if_stmt
    | while_stmt
    | for_stmt
    | try_stmt
    | with_stmt
    | funcdef
    | classdef
    | decorated
    | async_stmt
    ;

async_stmt : ASYNC ( funcdef | with_stmt | for_stmt ) ;

if_stmt        : IF namedexpr_test COLON block elif_clause* else_clause? ;
elif_clause    : ELIF namedexpr_test COLON block ;
else_clause    : ELSE COLON block ;
while_stmt     : WHILE namedexpr_test COLON block else_clause? ;
for_stmt       : FOR exprlist IN testlist COLON block else_clause? ;
try_stmt       : TRY COLON block ( except_clause+ else_clause? finally_clause? | finally_clause ) ;
except_clause  : EXCEPT ( test ( AS NAME )? )? COLON block ;
finally_clause : FINALLY COLON block ;
with_stmt      : WITH with_item ( COMMA with_item )* COLON block ;
with_item      : test ( AS expr )? ;

// A suite: either statements on the header line, or an indented block.
block : simple_stmts | NEWLINE INDENT stmt+ DEDENT ;

decorated : decorator+ ( classdef | funcdef | async_funcdef ) ;
decorator : AT namedexpr_test NEWLINE ;
async_funcdef : ASYNC funcdef ;

funcdef    : DEF NAME parameters ( ARROW test )? COLON block ;
parameters : OPEN_PAREN paramlist? CLOSE_PAREN ;
paramlist  : param ( COMMA param )* COMMA? ;
// '*' alone starts keyword-only parameters; '/' ends positional-only ones.
param      : STAR tfpdef? | POWER tfpdef | DIV | tfpdef ( ASSIGN test )? ;
tfpdef     : NAME ( COLON test )? ;

classdef : CLASS NAME ( OPEN_PAREN arglist? CLOSE_PAREN )? COLON block ;

// ---- Expressions, lowest precedence first ----

namedexpr_test : test ( WALRUS test )? ;
test           : or_test ( IF or_test ELSE test )? | lambdef ;
test_nocond    : or_test | lambdef_nocond ;
lambdef        : LAMBDA lambda_params? COLON test ;
lambdef_nocond : LAMBDA lambda_params? COLON test_nocond ;
lambda_params  : lambda_param ( COMMA lambda_param )* COMMA? ;
lambda_param   : STAR NAME? | POWER NAME | DIV | NAME ( ASSIGN test )? ;

or_test    : and_test ( OR and_test )* ;
and_test   : not_test ( AND not_test )* ;
not_test   : NOT not_test | comparison ;
comparison : expr ( comp_op expr )* ;
comp_op    : LESS_THAN | GREATER_THAN | EQUALS | GT_EQ | LT_EQ | NOT_EQ | IN | NOT IN | IS | IS NOT ;
star_expr  : STAR expr ;

expr       : xor_expr ( OR_OP xor_expr )* ;
xor_expr   : and_expr ( XOR and_expr )* ;
and_expr   : shift_expr ( AND_OP shift_expr )* ;
shift_expr : arith_expr ( ( LEFT_SHIFT | RIGHT_SHIFT ) arith_expr )* ;
arith_expr : term ( ( ADD | MINUS ) term )* ;
term       : factor ( ( STAR | DIV | MOD | IDIV | AT ) factor )* ;
factor     : ( ADD | MINUS | NOT_OP ) factor | power ;
power      : atom_expr ( POWER factor )? ;
atom_expr  : AWAIT? atom trailer* ;

atom
    : OPEN_PAREN ( yield_expr | testlist_comp )? CLOSE_PAREN
    | OPEN_BRACK testlist_comp? CLOSE_BRACK
    | OPEN_BRACE dictorsetmaker? CLOSE_BRACE
    | NAME
    | INTEGER
    | FLOAT_NUMBER
    | STRING+
    | ELLIPSIS
    | NONE
    | TRUE
    | FALSE
    ;

// Parenthesized or bracketed contents: one element with a comprehension, or a comma list.
testlist_comp
    : ( namedexpr_test | star_expr ) ( comp_for | ( COMMA ( namedexpr_test | star_expr ) )* COMMA? )
    ;

trailer       : OPEN_PAREN arglist? CLOSE_PAREN | OPEN_BRACK subscriptlist CLOSE_BRACK | DOT NAME ;
subscriptlist : subscript ( COMMA subscript )* COMMA? ;
subscript     : test | test? COLON test? sliceop? ;
sliceop       : COLON test? ;

exprlist           : ( expr | star_expr ) ( COMMA ( expr | star_expr ) )* COMMA? ;
testlist           : test ( COMMA test )* COMMA? ;
testlist_star_expr : ( test | star_expr ) ( COMMA ( test | star_expr ) )* COMMA? ;

dictorsetmaker
    : dict_entry ( comp_for | ( COMMA dict_entry )* COMMA? )
    | ( test | star_expr ) ( comp_for | ( COMMA ( test | star_expr ) )* COMMA? )
    ;
dict_entry : test COLON test | POWER expr ;

arglist  : argument ( COMMA argument )* COMMA? ;
argument : NAME ASSIGN test | test comp_for? | POWER test | STAR test ;

comp_for  : ASYNC? FOR exprlist IN or_test comp_iter? ;
comp_iter : comp_for | comp_if ;
comp_if   : IF test_nocond comp_iter? ;

yield_expr : YIELD ( FROM test | testlist_star_expr )? ;
